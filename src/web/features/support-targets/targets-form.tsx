import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField, textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';
import { supportTargetSettingsInput } from '../../../shared/support-targets';
import type { SupportTargetSettings } from '../../../shared/support-targets-rules';
import { WEEKDAY_NAMES } from './weekdays';

type Values = z.input<typeof supportTargetSettingsInput>;
type Output = z.output<typeof supportTargetSettingsInput>;

/** The settings form, checked with the server's own schema before it is sent. */
export function TargetsForm(props: {
  value: SupportTargetSettings;
  busy: boolean;
  error: Error | null;
  onSubmit: (value: SupportTargetSettings) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(supportTargetSettingsInput),
    defaultValues: props.value,
  });
  const alert = useServerError(form, props.error);
  const text = textFieldsOf(form, 'targets', props.busy);
  const daysError = form.formState.errors.businessDays?.message;
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="businessDays"
        render={({ field }) => (
          <fieldset aria-describedby={daysError ? 'targets-days-error' : undefined}>
            <legend className="text-sm font-medium text-gray-900">Business days</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {WEEKDAY_NAMES.map((label, i) => {
                const day = i + 1;
                const checked = field.value.includes(day);
                return (
                  <label key={day} className="flex items-center gap-1.5 text-sm text-gray-800">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={checked}
                      disabled={props.busy}
                      onChange={() =>
                        field.onChange(checked ? field.value.filter((d) => d !== day) : [...field.value, day])
                      }
                    />
                    {label}
                  </label>
                );
              })}
            </div>
            {daysError && (
              <p id="targets-days-error" className="mt-1 text-sm text-red-700">
                {daysError}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('opensAt', 'Opens at', { type: 'time', required: true })}
        {text('closesAt', 'Closes at', { hint: 'HH:MM; 24:00 for midnight', required: true })}
      </div>
      {text('timeZone', 'Time zone', { hint: 'An IANA time zone, e.g. America/New_York', required: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['firstResponseMinutes', 'First-response target (business minutes)'],
            ['replyMinutes', 'Reply target (business minutes)'],
          ] as const
        ).map(([name, label]) => (
          <TextField
            key={name}
            id={`targets-${name}`}
            label={label}
            type="number"
            min={1}
            required
            disabled={props.busy}
            error={form.formState.errors[name]?.message}
            {...form.register(name, { valueAsNumber: true })}
          />
        ))}
      </div>
      {alert && <Alert tone="error">{alert}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.busy}>
          {props.busy ? 'Saving...' : 'Save targets'}
        </Button>
      </div>
    </form>
  );
}
