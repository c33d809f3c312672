import type { ContentState, SiteContent, UploadedMedia } from '../../shared/content.schemas.js';

/** The answer of the content and media routes, whole (success or error). */
export interface ContentEnvelope {
  success: boolean;
  message: string;
  code: string;
  details: { path: string; message: string }[];
  /** Loose on purpose: each test reads the part its route returns. */
  data: ContentState & SiteContent & UploadedMedia;
}

/** The envelope of a content or media route's answer. */
export const contentAnswer = (response: { json: <T>() => T }) => response.json<ContentEnvelope>();
