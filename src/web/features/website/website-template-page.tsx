import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { FileCode, Pencil } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { describedBy, FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { Spinner } from '../../components/ui/spinner';
import { ClientSelector } from '../../components/client-selector';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { formatBytes, formatDateTime } from '../../../shared/format';
import { NO_TEMPLATE, TEMPLATE_MAX_BYTES, templateInput, type TemplateInput } from '../../../shared/web-presence';
import { putServerError } from '../../lib/server-error';
import { templateFrameUrl, templateQuery, useSaveTemplate, type WebsiteTemplate } from './api';
import { usePageClient } from '../../lib/use-page-client';
import { Textarea } from '../../components/ui/textarea';
import { LoadFailed } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';

/** /website-template: the saved HTML in a sandboxed frame (no script, no network), and the Edit Template modal. */
export function WebsiteTemplatePage() {
  useDocumentTitle('Website Template');
  const { isAdmin, clientId, clientName, choose } = usePageClient();
  const template = useQuery({ ...templateQuery(clientId ?? ''), enabled: Boolean(clientId) });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Website Template"
        intro={
          <>
            {isAdmin && clientName ? `${clientName}'s website template, ` : 'Your website template, '}shown as visitors
            would see it. Scripts in it never run here.
          </>
        }
        actions={
          clientId && template.isSuccess && <EditTemplate key={clientId} clientId={clientId} template={template.data} />
        }
      />
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId &&
        (template.isError ? (
          <LoadFailed message="Could not load the template." query={template} />
        ) : template.isPending ? (
          <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
            <Spinner className="size-4" label="" /> Loading the template...
          </p>
        ) : template.data ? (
          <TemplateFrame clientId={clientId} template={template.data} />
        ) : (
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
              <FileCode className="size-8 text-gray-400" aria-hidden="true" />
              <p className="text-sm text-gray-700">{NO_TEMPLATE}</p>
            </CardContent>
          </Card>
        ))}
    </div>
  );
}

function TemplateFrame({ clientId, template }: { clientId: string; template: WebsiteTemplate }) {
  return (
    <section className="flex flex-col gap-2" aria-label="Template preview">
      <p className="text-xs text-gray-500">Last saved {formatDateTime(template.updatedAt)}</p>
      {/* sandbox="" (no allow-scripts, no allow-same-origin): the HTML runs no script and cannot reach the portal; the frame's own CSP blocks any network. */}
      <iframe
        title="Website template preview"
        sandbox=""
        referrerPolicy="no-referrer"
        src={templateFrameUrl(clientId, template)}
        className="h-[70vh] min-h-80 w-full rounded-xl border border-gray-200 bg-white"
      />
    </section>
  );
}

function EditTemplate({ clientId, template }: { clientId: string; template: WebsiteTemplate | null }) {
  const [open, setOpen] = useState(false);
  // The server decides too (size included); the modal stays open with its sentence on a failure.
  const form = useForm<TemplateInput>({
    resolver: zodResolver(templateInput),
    defaultValues: { htmlCode: '' },
    shouldFocusError: false,
  });
  const html = useWatch({ control: form.control, name: 'htmlCode' });
  const error = form.formState.errors.htmlCode?.message;
  const save = useSaveTemplate(clientId);
  const bytes = new TextEncoder().encode(html).length;
  const over = bytes > TEMPLATE_MAX_BYTES;

  const openWith = (o: boolean) => {
    if (save.isPending) return;
    if (o) form.reset({ htmlCode: template?.htmlCode ?? '' });
    else form.clearErrors();
    setOpen(o);
  };
  const submit = form.handleSubmit(({ htmlCode }) =>
    save.mutate(htmlCode, {
      onSuccess: () => {
        toast.success('Template saved.');
        setOpen(false);
      },
      onError: (err) => {
        // The one field takes the server's sentence whichever field it names.
        if (putServerError(form, err)) form.setError('htmlCode', { type: 'server', message: err.message });
      },
    }),
  );
  const hint = `${formatBytes(bytes)} of ${formatBytes(TEMPLATE_MAX_BYTES)}${over ? ': too large to save' : ''}`;

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <Button onClick={() => openWith(true)}>
        <Pencil aria-hidden="true" /> Edit Template
      </Button>
      <DialogContent
        title="Edit Template"
        description="Paste or write the page's HTML. Images must be embedded (data: URLs); scripts and outside files are not loaded."
        className="max-w-3xl"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id="template-html" label="HTML" hint={hint} error={error}>
            <Textarea
              id="template-html"
              className="min-h-72 font-mono text-xs"
              disabled={save.isPending}
              spellCheck={false}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy('template-html', hint, error)}
              placeholder="<h1>My business</h1>"
              {...form.register('htmlCode')}
            />
          </FormField>
          <FormActions busy={save.isPending} submitLabel="Save" onCancel={() => openWith(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
