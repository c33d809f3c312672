/** Uploads an image to the school's library (POST /api/media), telling the person when it fails. */
import toast from 'react-hot-toast';
import type { UploadedMedia } from '../../shared/content.schemas';
import { api, ApiError } from '../lib/api-client';

export async function uploadImage(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  try {
    return await api<UploadedMedia>('/api/media', { method: 'POST', body: form, globalErrors: false });
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : 'Não foi possível enviar a imagem.');
    throw error;
  }
}
