import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Paperclip, Send, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { UploadProgress } from '../../components/file-upload';
import { ApiError } from '../../lib/api-error';
import { uploadWithProgress } from '../../lib/file-requests';
import { payloadResolver } from '../../lib/payload-resolver';
import { putServerError } from '../../lib/server-error';
import { formatCount, formatFileSize } from '../../../shared/format';
import { CHAT_UPLOAD_ACCEPT, checkChatUploadName, FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_TOO_LONG,
  supportMessageInput,
  type SupportMessage,
} from '../../../shared/support';
import { messageUpload, sendMessage } from './api';

// The count appears once a message comes this close to the limit.
const COUNT_FROM = SUPPORT_MESSAGE_MAX - 500;

type Draft = { body: string; file: File | null };
const emptyDraft: Draft = { body: '', file: null };

// The text passes the API's own check; with a file it may be left out, as the upload route allows.
const checkText = payloadResolver<Draft>(supportMessageInput, ({ body }) => ({ body }));
const resolver: Resolver<Draft> = (values, context, options) =>
  values.file && values.body.trim() === '' ? { values, errors: {} } : checkText(values, context, options);

function checkAttachment(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  const name = checkChatUploadName(file.name);
  return name.ok ? null : name.error;
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; an attached file (PDF, DOC,
 * DOCX or a picture) goes with the text, with a progress bar while it uploads. The server's
 * refusal (too long, too many a minute) is shown and the text kept.
 */
export function Composer({
  clientId,
  onSent,
  inputRef,
}: {
  clientId: string;
  onSent: (message: SupportMessage) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<Draft>({ resolver, defaultValues: emptyDraft, reValidateMode: 'onSubmit' });
  const text = useWatch({ control: form.control, name: 'body' });
  const file = useWatch({ control: form.control, name: 'file' });
  const { errors, isSubmitting: sending } = form.formState;
  const [progress, setProgress] = useState<number | null>(null);
  // A refusal that names no field (too many a minute, no connection).
  const [serverError, setServerError] = useState<string | null>(null);
  const error = errors.body?.message ?? errors.file?.message ?? serverError;

  const tooLong = text.length > SUPPORT_MESSAGE_MAX;
  const empty = text.trim() === '' && !file;
  const canSend = !sending && !empty && !tooLong;

  async function post({ body, file }: Draft): Promise<SupportMessage> {
    if (!file) return sendMessage(clientId, body);
    setProgress(0);
    const result = await uploadWithProgress(messageUpload(clientId), file, { body }, setProgress);
    if (!result.ok) throw new ApiError(result.error, result.status, undefined, result.field);
    return result.body.message;
  }

  const submit = form.handleSubmit(async (draft) => {
    try {
      onSent(await post(draft));
      form.reset(emptyDraft);
    } catch (e) {
      setServerError(e instanceof Error ? putServerError(form, e) : 'The message could not be sent. Please try again.');
    } finally {
      setProgress(null);
      inputRef.current?.focus();
    }
  });

  function send() {
    if (!canSend) return;
    setServerError(null);
    void submit();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing picks a candidate; it does not send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  }

  function choose(chosen: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    const problem = checkAttachment(chosen);
    form.clearErrors();
    setServerError(null);
    if (problem) form.setError('file', { type: 'validate', message: problem });
    form.setValue('file', problem ? null : chosen);
    inputRef.current?.focus();
  }

  const bodyField = form.register('body');
  const countId = `${ids}-count`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  return (
    <form
      className="flex flex-col gap-2 border-t border-gray-200 bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {file && (
        <div className="flex min-w-0 items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-2.5 py-1.5 text-sm">
          <Paperclip aria-hidden className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1 truncate">
            <span className="sr-only">Attached: </span>
            {file.name} <span className="text-gray-600">({formatFileSize(file.size)})</span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            disabled={sending}
            aria-label={`Remove ${file.name}`}
            onClick={() => form.setValue('file', null)}
          >
            <X />
          </Button>
        </div>
      )}
      {progress !== null && <UploadProgress percent={progress} />}
      <div className="flex items-end gap-2">
        <label
          htmlFor={`${ids}-file`}
          title="Attach a file"
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-within:ring-2 focus-within:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
        >
          <Paperclip aria-hidden className="size-5" />
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept={CHAT_UPLOAD_ACCEPT}
            aria-label="Attach a file (PDF, DOC, DOCX or a picture, max 10 MB)"
            className="sr-only"
            disabled={sending}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? errorId : undefined}
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
        <label htmlFor={`${ids}-text`} className="sr-only">
          Message
        </label>
        <textarea
          {...bodyField}
          ref={(el) => {
            bodyField.ref(el);
            inputRef.current = el;
          }}
          id={`${ids}-text`}
          rows={2}
          placeholder="Write a message…"
          aria-describedby={[hintId, text.length >= COUNT_FROM ? countId : '', error ? errorId : '']
            .filter(Boolean)
            .join(' ')}
          aria-invalid={tooLong || Boolean(errors.body) || undefined}
          className="max-h-40 min-h-10 min-w-0 flex-1 resize-y rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend} className="shrink-0">
          <Send aria-hidden />
          <span className="max-sm:sr-only">{sending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      <p id={hintId} className="text-xs text-gray-600 max-sm:hidden">
        Enter sends, Shift+Enter starts a new line.
      </p>
      {text.length >= COUNT_FROM && (
        <p id={countId} className={tooLong ? 'text-sm text-red-700' : 'text-xs text-gray-600'}>
          {tooLong ? `${SUPPORT_MESSAGE_TOO_LONG} ` : ''}
          {formatCount(text.length)} of {formatCount(SUPPORT_MESSAGE_MAX)} characters.
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
