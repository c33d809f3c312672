import {
  Activity,
  Award,
  BookOpen,
  Camera,
  Monitor,
  Settings,
  Star,
  Target,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../../shared/content.schemas';

export const siteIcons: Record<IconName, LucideIcon> = {
  Users,
  Monitor,
  Camera,
  BookOpen,
  Activity,
  Settings,
  Award,
  Target,
  Star,
};
