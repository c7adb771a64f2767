import { useForm, useWatch } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';
import { Alert } from '../../components/ui/alert';
import { Input } from '../../components/ui/input';
import { describedBy, FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { type CardKind } from '../../../shared/credit-rules';
import { revolvingCreditInput, storeCardInput } from '../../../shared/credit';
import type { Card, StoreCard } from '../../../shared/cards';
import type { CardInput } from './api';
import { Textarea } from '../../components/ui/textarea';
import { textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';

type Secret = 'accountNumber' | 'username' | 'password';
type Values = {
  issuer: string;
  cardType: string;
  creditLimit: string;
  apr: string;
  benefits: string;
  requirements: string;
  applicationUrl: string;
  rewards: string;
  annualFee: string;
  accountNumber: string;
  username: string;
  password: string;
  removeAccountNumber: boolean;
  removeUsername: boolean;
  removePassword: boolean;
};

const SECRETS: {
  name: Secret;
  remove: 'removeAccountNumber' | 'removeUsername' | 'removePassword';
  label: string;
  stored: (c: StoreCard) => string;
}[] = [
  {
    name: 'accountNumber',
    remove: 'removeAccountNumber',
    label: 'Account Number',
    stored: (c) => c.accountNumberMasked,
  },
  { name: 'username', remove: 'removeUsername', label: 'Username', stored: (c) => c.usernameMasked },
  { name: 'password', remove: 'removePassword', label: 'Password', stored: (c) => c.passwordMasked },
];

const valuesOf = (card?: Card): Values => ({
  issuer: card?.issuer ?? '',
  cardType: card?.cardType ?? '',
  creditLimit: card?.creditLimit == null ? '' : String(card.creditLimit),
  apr: card?.apr ?? '',
  benefits: card?.benefits ?? '',
  requirements: card?.requirements ?? '',
  applicationUrl: card?.applicationUrl ?? '',
  rewards: card?.kind === 'revolving' ? card.rewards : '',
  annualFee: card?.kind === 'revolving' && card.annualFee !== null ? String(card.annualFee) : '',
  // Secrets are never prefilled (that would reveal them): blank keeps the stored one.
  accountNumber: '',
  username: '',
  password: '',
  removeAccountNumber: false,
  removeUsername: false,
  removePassword: false,
});

/** What the form sends: a blank secret is left out (kept), a ticked Remove sends '' (removed). */
function payloadOf(kind: CardKind, v: Values): CardInput {
  const common = {
    issuer: v.issuer,
    cardType: v.cardType,
    creditLimit: v.creditLimit,
    apr: v.apr,
    benefits: v.benefits,
    requirements: v.requirements,
    applicationUrl: v.applicationUrl,
  };
  if (kind === 'revolving') return { ...common, rewards: v.rewards, annualFee: v.annualFee };
  const secret = (s: (typeof SECRETS)[number]) => (v[s.remove] ? '' : v[s.name] || undefined);
  return { ...common, accountNumber: secret(SECRETS[0]), username: secret(SECRETS[1]), password: secret(SECRETS[2]) };
}

/** The shared schema of the kind decides, so the form says what the server would. */
const resolverFor = (kind: CardKind) =>
  payloadResolver<Values>(kind === 'store' ? storeCardInput : revolvingCreditInput, (v) => payloadOf(kind, v));

/** Add and inline edit of a store card or a revolving credit. */
export function CardForm(props: {
  kind: CardKind;
  idPrefix: string;
  card?: Card;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field, anything else in the alert. */
  error: Error | null;
  /** Put before the alert's sentence (a field's refusal stands under the field without it). */
  errorPrefix?: string;
  onSubmit: (input: CardInput) => void;
  onCancel: () => void;
}) {
  const { kind, idPrefix: p, card } = props;
  const form = useForm<Values>({ resolver: resolverFor(kind), defaultValues: valuesOf(card) });
  const { register, formState } = form;
  const removing = useWatch({
    control: form.control,
    name: ['removeAccountNumber', 'removeUsername', 'removePassword'],
  });
  const e = formState.errors;
  const alert = useServerError(form, props.error);
  const submit = form.handleSubmit((v) => props.onSubmit(payloadOf(kind, v)));

  const text = textFieldsOf(form, p, props.busy);
  const area = (name: 'benefits' | 'requirements' | 'rewards', label: string) => {
    const id = `${p}-${name}`;
    const error = e[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <Textarea
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, undefined, error)}
          disabled={props.busy}
          {...register(name)}
        />
      </FormField>
    );
  };
  const secret = (s: (typeof SECRETS)[number], i: number) => {
    const id = `${p}-${s.name}`;
    const error = e[s.name]?.message;
    const stored = card?.kind === 'store' ? s.stored(card) : '';
    const hint = stored
      ? removing[i]
        ? `The stored ${s.label.toLowerCase()} will be removed.`
        : `Leave blank to keep ${stored}.`
      : undefined;
    return (
      <FormField key={s.name} id={id} label={s.label} hint={hint} error={error}>
        <Input
          id={id}
          type={s.name === 'password' ? 'password' : 'text'}
          autoComplete={s.name === 'password' ? 'new-password' : 'off'}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, hint, error)}
          disabled={props.busy || removing[i]}
          {...register(s.name)}
        />
        {stored && (
          <label className="flex items-center gap-2 text-xs text-gray-700">
            <input type="checkbox" className="size-4 accent-brand-700" disabled={props.busy} {...register(s.remove)} />{' '}
            Remove the stored {s.label.toLowerCase()}
          </label>
        )}
      </FormField>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('issuer', 'Issuer', {
          placeholder: kind === 'store' ? 'e.g. Home Depot' : 'e.g. Capital One',
          required: true,
        })}
        {text('cardType', 'Card Type', {
          placeholder: kind === 'store' ? 'e.g. Commercial Revolving' : 'e.g. Visa Business',
        })}
        {text('creditLimit', 'Credit Limit (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
        {text('apr', 'APR', { placeholder: 'e.g. 19.99%' })}
        {kind === 'revolving' && text('annualFee', 'Annual Fee (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
      </div>
      {text('applicationUrl', 'Application URL', { type: 'url', placeholder: 'https://' })}
      {area('benefits', 'Benefits')}
      {area('requirements', 'Requirements')}
      {kind === 'revolving' && area('rewards', 'Rewards')}
      {kind === 'store' && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-medium text-gray-800">Account access (optional, encrypted)</legend>
          <div className="grid gap-4 sm:grid-cols-3">{SECRETS.map(secret)}</div>
        </fieldset>
      )}
      {alert && <Alert tone="error">{`${props.errorPrefix ?? ''}${alert}`}</Alert>}
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
