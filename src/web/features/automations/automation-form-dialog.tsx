import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { UploadProgress } from '../../components/file-upload';
import { uploadFormWithProgress } from '../../lib/file-requests';
import { cn } from '../../lib/cn';
import { putServerError } from '../../lib/server-error';
import { formatBytes } from '../../../shared/format';
import {
  AUTOMATION_EMOJI,
  AUTOMATION_IMAGE_ACCEPT,
  automationInput,
  DEFAULT_AUTOMATION_EMOJI,
  DEFAULT_AUTOMATION_TYPE,
  MAX_AUTOMATION_IMAGE_BYTES,
  type Automation,
} from '../../../shared/automations';
import { imageUpload, useRefreshAutomations, useSaveAutomation } from './api';
import { Textarea } from '../../components/ui/textarea';

const fileClass =
  'block w-full text-sm text-gray-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50 disabled:opacity-60';

type Values = z.input<typeof automationInput>;
type TextField = 'name' | 'type' | 'description' | 'notes';
const TEXT_FIELDS = new Set<TextField>(['name', 'type', 'description', 'notes']);

/** Add Automation or edit one (admins). Stays open with the server's reason when saving fails. */
export function AutomationFormDialog({
  open,
  onOpenChange,
  automation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  automation?: Automation;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={automation ? 'Edit Automation' : 'Add Automation'}
        description="Description and notes may use simple HTML (links, lists, emphasis)."
        className="max-w-2xl"
      >
        {open && <AutomationForm automation={automation} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AutomationForm({ automation, onDone }: { automation?: Automation; onDone: () => void }) {
  const p = useId();
  const id = (n: string) => `${p}-${n}`;
  const save = useSaveAutomation();
  const refresh = useRefreshAutomations();
  const form = useForm<Values, unknown, z.output<typeof automationInput>>({
    resolver: zodResolver(automationInput),
    defaultValues: {
      name: automation?.name ?? '',
      type: automation?.type ?? DEFAULT_AUTOMATION_TYPE,
      description: automation?.description ?? '',
      notes: automation?.notes ?? '',
      isAutoSync: automation?.isAutoSync ?? false,
      isNotification: automation?.isNotification ?? false,
      emoji: (automation?.emoji ?? DEFAULT_AUTOMATION_EMOJI) as (typeof AUTOMATION_EMOJI)[number],
    },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const emoji = useWatch({ control: form.control, name: 'emoji' });
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Once added, a retry (say of a refused image) edits what was added instead of adding it twice.
  const [savedId, setSavedId] = useState<string | undefined>(automation?.id);
  const busy = save.isPending || progress !== null;
  const errorOf = (field: TextField) => formState.errors[field]?.message;
  // The text fields show their own message; anything else (the emoji, a switch) and the server's reason show above the buttons.
  const other = Object.entries(formState.errors).find(([field]) => !TEXT_FIELDS.has(field as TextField))?.[1]?.message;
  const alert = error ?? other ?? null;

  const submit = form.handleSubmit(async () => {
    if (image && image.size > MAX_AUTOMATION_IMAGE_BYTES)
      return setError(`The image is too large: it can be at most ${formatBytes(MAX_AUTOMATION_IMAGE_BYTES)}.`);
    setError(null);
    // What was typed goes as typed: the server trims and cleans the HTML itself.
    const values = form.getValues();
    let saved: Automation;
    try {
      saved = (await save.mutateAsync({ id: savedId, input: values })).automation;
      setSavedId(saved.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(putServerError(form, err));
      toast.error(`Could not save the automation: ${message}`);
      return;
    }
    if (image) {
      const body = new FormData();
      body.append('image', image);
      setProgress(0);
      const result = await uploadFormWithProgress(imageUpload(saved.id), body, setProgress);
      setProgress(null);
      void refresh();
      if (!result.ok) {
        setError(`The automation was saved, but not its image: ${result.error}`);
        toast.error(`Could not upload the image: ${result.error}`);
        return;
      }
    }
    toast.success(automation ? `${saved.name || 'Automation'} saved.` : `${saved.name || 'Automation'} added.`);
    onDone();
  });

  return (
    <form onSubmit={(ev) => void submit(ev)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('name')} label="Name" error={errorOf('name')}>
          <Input
            id={id('name')}
            autoComplete="off"
            disabled={busy}
            aria-invalid={Boolean(errorOf('name'))}
            aria-describedby={describedBy(id('name'), undefined, errorOf('name'))}
            {...register('name')}
          />
        </FormField>
        <FormField id={id('type')} label="Type" error={errorOf('type')}>
          <Input
            id={id('type')}
            autoComplete="off"
            disabled={busy}
            aria-invalid={Boolean(errorOf('type'))}
            aria-describedby={describedBy(id('type'), undefined, errorOf('type'))}
            {...register('type')}
          />
        </FormField>
      </div>
      <FormField id={id('description')} label="Description" error={errorOf('description')}>
        <Textarea
          id={id('description')}
          className="min-h-24 font-mono text-xs"
          disabled={busy}
          aria-invalid={Boolean(errorOf('description'))}
          aria-describedby={describedBy(id('description'), undefined, errorOf('description'))}
          {...register('description')}
        />
      </FormField>
      <FormField id={id('notes')} label="Notes" error={errorOf('notes')}>
        <Textarea
          id={id('notes')}
          className="min-h-24 font-mono text-xs"
          disabled={busy}
          aria-invalid={Boolean(errorOf('notes'))}
          aria-describedby={describedBy(id('notes'), undefined, errorOf('notes'))}
          {...register('notes')}
        />
      </FormField>
      <div className="flex flex-wrap gap-6">
        {(
          [
            ['isAutoSync', 'Auto-sync'],
            ['isNotification', 'Notifications'],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-900">
            <input type="checkbox" role="switch" className="size-4 accent-brand-700" disabled={busy} {...register(k)} />
            {label}
          </label>
        ))}
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-gray-900">Emoji</legend>
        <div className="flex flex-wrap gap-1" role="radiogroup" aria-label="Emoji">
          {AUTOMATION_EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              role="radio"
              aria-checked={emoji === e}
              aria-label={`Emoji ${e}`}
              disabled={busy}
              onClick={() => form.setValue('emoji', e)}
              className={cn(
                'flex size-10 items-center justify-center rounded-md border text-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                emoji === e ? 'border-brand-700 bg-brand-50' : 'border-gray-200 hover:bg-gray-50',
              )}
            >
              {e}
            </button>
          ))}
        </div>
      </fieldset>
      <FormField
        id={id('image')}
        label="Image (optional)"
        hint={`PNG, JPEG, WebP or GIF, at most ${formatBytes(MAX_AUTOMATION_IMAGE_BYTES)}.${automation?.imageUrl ? ' Leave empty to keep the current image.' : ''}`}
      >
        <input
          id={id('image')}
          type="file"
          accept={AUTOMATION_IMAGE_ACCEPT}
          className={fileClass}
          disabled={busy}
          aria-describedby={`${id('image')}-hint`}
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </FormField>
      {progress !== null && <UploadProgress percent={progress} />}
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions busy={busy} submitLabel={automation ? 'Save Changes' : 'Add Automation'} onCancel={onDone} />
    </form>
  );
}
