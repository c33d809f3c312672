import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import type { SiteContent } from '../../../shared/content.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useImportContent } from './content.api';

function download(content: SiteContent) {
  const blob = new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `conteudo-site-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * A copy of the whole site's content, to keep or to bring from another install: 'Baixar cópia' saves it as
 * a file, 'Carregar cópia' reads one back — after asking, since it replaces every section at once (the
 * versions it replaces stay in each section's history).
 */
export function ContentCopyButtons({ content }: { content: SiteContent | undefined }) {
  const importContent = useImportContent();
  const fileRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ name: string; content: SiteContent } | null>(null);

  async function read(file: File | undefined) {
    if (!file) return;
    try {
      setPending({ name: file.name, content: JSON.parse(await file.text()) as SiteContent });
    } catch {
      const { default: toast } = await import('react-hot-toast');
      toast.error('Este arquivo não é uma cópia do conteúdo do site (um arquivo .json baixado aqui).');
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <>
      <Button variant="secondary" disabled={!content} onClick={() => content && download(content)}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Baixar cópia
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Arquivo da cópia do conteúdo"
        onChange={(event) => void read(event.target.files?.[0])}
      />
      <Button variant="secondary" loading={importContent.isPending} onClick={() => fileRef.current?.click()}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        Carregar cópia
      </Button>
      <ConfirmDialog
        open={pending !== null}
        title="Carregar cópia do conteúdo"
        message={`Todas as seções do site serão trocadas pelas do arquivo ${pending?.name ?? ''}. O conteúdo atual continua no histórico de cada seção.`}
        confirmLabel="Trocar o conteúdo"
        busy={importContent.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending && importContent.mutate(pending.content, { onSettled: () => setPending(null) })
        }
      />
    </>
  );
}
