import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type ActiveSession,
  type AutomaticBackup,
  type BackupKey,
  type EndedSessions,
  type RestoreResult,
  type SchoolSettings,
  type SystemSettings,
  type UpdateSchoolSettingsInput,
  type UpdateSystemSettingsInput,
  type WipeResult,
  schoolSettingsSchema,
  systemSettingsSchema,
  activeSessionSchema,
  automaticBackupSchema,
  backupKeySchema,
} from '../../../shared/settings.schemas';
import { api, apiWithMessage, downloadFile } from '../../lib/api-client';

/**
 * A backup reads, and a restore rewrites, the whole school (a restore makes an automatic backup first):
 * seconds on a quiet server, more on a year of roll calls on a busy one. The default 10 s timeout told
 * the secretary 'Tempo limite de conexão excedido.' while the restore went on and finished.
 */
const WHOLE_DATABASE_TIMEOUT_MS = 300_000;
import { useBackgroundPoll } from '../../lib/background-poll';
import { keyRoots } from '../../lib/query-keys';

const base = '/api/configuracoes';

export const schoolSettingsQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.settings, 'escola'],
    queryFn: () =>
      api<SchoolSettings>(`${base}/escola`, { schema: schoolSettingsSchema, globalErrors: false }),
  });

export function useSchoolSettings() {
  return useQuery(schoolSettingsQuery());
}

export const systemSettingsQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.settings, 'sistema'],
    queryFn: () =>
      api<SystemSettings>(`${base}/sistema`, { schema: systemSettingsSchema, globalErrors: false }),
  });

export function useSystemSettings() {
  return useQuery(systemSettingsQuery());
}

const sessionsKey = [...keyRoots.settings, 'sessoes'] as const;

export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: () => api<ActiveSession[]>(`${base}/sessoes`, { schema: activeSessionSchema.array() }),
  });

/** The active sessions: loaded when the screen opens, refreshed every 30 s in the background. */
export function useSessions() {
  useBackgroundPoll(sessionsKey, `${base}/sessoes`, 30_000);
  return useQuery(sessionsQuery());
}

export const automaticBackupsQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.settings, 'backups'],
    queryFn: () => api<AutomaticBackup[]>(`${base}/backups`, { schema: automaticBackupSchema.array() }),
  });

export function useAutomaticBackups() {
  return useQuery(automaticBackupsQuery());
}

function useInvalidateSettings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keyRoots.settings });
}

export function useSaveSchoolSettings() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (input: UpdateSchoolSettingsInput) =>
      apiWithMessage<SchoolSettings>(`${base}/escola`, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useSaveSystemSettings() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (input: UpdateSystemSettingsInput) =>
      apiWithMessage<SystemSettings>(`${base}/sistema`, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useEndSession() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (id: string) => apiWithMessage<null>(`${base}/sessoes/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: () => apiWithMessage<EndedSessions>(`${base}/sessoes`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useCreateBackup() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (senha: string) =>
      downloadFile(`${base}/backup`, 'backup.json', {
        method: 'POST',
        body: { senha },
        globalErrors: false,
        timeoutMs: WHOLE_DATABASE_TIMEOUT_MS,
      }),
    onSuccess: invalidate,
  });
}

export function useDownloadAutomaticBackup() {
  return useMutation({
    mutationFn: ({ nome, senha }: { nome: string; senha: string }) =>
      downloadFile(`${base}/backups/${encodeURIComponent(nome)}/download`, nome, {
        method: 'POST',
        body: { senha },
        globalErrors: false,
      }),
  });
}

/**
 * This installation's backup key (ADR 0104), asked for when the administrator clicks to see it: a
 * mutation, so it is not kept in the query cache. The server audits every view.
 */
export function useShowBackupKey() {
  return useMutation({
    mutationFn: () =>
      api<BackupKey>(`${base}/backup/chave`, { schema: backupKeySchema, globalErrors: false }),
  });
}

export type RestoreSource = { kind: 'file'; file: File } | { kind: 'automatic'; nome: string };

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      source,
      senha,
      dryRun,
      confirmarOrigem = false,
      chave,
    }: {
      source: RestoreSource;
      senha: string;
      dryRun: boolean;
      /** Needed for a file this installation did not sign (the dry run says so). */
      confirmarOrigem?: boolean;
      /** The key of the installation that encrypted the file, when it is not this one's. */
      chave?: string;
    }) => {
      const query = dryRun ? '?dryRun=true' : '';
      if (source.kind === 'automatic') {
        return apiWithMessage<RestoreResult>(
          `${base}/backups/${encodeURIComponent(source.nome)}/restore${query}`,
          {
            method: 'POST',
            body: {
              senha,
              ...(confirmarOrigem && { confirmar_origem: true }),
              ...(chave && { chave_backup: chave }),
            },
            globalErrors: false,
            timeoutMs: WHOLE_DATABASE_TIMEOUT_MS,
          },
        );
      }
      const form = new FormData();
      form.append('senha', senha);
      if (confirmarOrigem) form.append('confirmar_origem', 'true');
      if (chave) form.append('chave_backup', chave);
      form.append('file', source.file);
      return apiWithMessage<RestoreResult>(`${base}/restore${query}`, {
        method: 'POST',
        body: form,
        globalErrors: false,
        timeoutMs: WHOLE_DATABASE_TIMEOUT_MS,
      });
    },
    onSuccess: (_data, variables) => {
      if (!variables.dryRun) void queryClient.invalidateQueries();
    },
  });
}

export function useWipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { confirmacao: string; senha: string }) =>
      apiWithMessage<WipeResult>(`${base}/limpar`, { method: 'POST', body: input, globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
