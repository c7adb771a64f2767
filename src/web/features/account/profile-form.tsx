import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { UserRound } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { profileInput, type ProfileInput } from '../../../shared/profile';
import { putServerError } from '../../lib/server-error';
import { profileQuery, useSaveProfile, type ProfileView } from './api';
import { AgreementField, agreementMatches } from './agreement-field';
import { BusinessStructureField } from './business-structure-field';
import { describedBy, FormField } from '../../components/ui/form-field';
import { OwnerTypeField } from './owner-type-field';
import { formValuesOf, textFields } from './profile-values';
import { SecretField } from './secret-field';
import { StateField } from './state-field';
import { formatDateTime } from '../../../shared/format';
import { LoadFailed } from '../../components/load-states';

/** Panel 1: Business Owner Profile Information for the client being viewed. */
export function ProfilePanel({ clientId }: { clientId: string }) {
  const query = useQuery(profileQuery(clientId));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRound className="size-5 text-brand-700" aria-hidden="true" /> Business Owner Profile Information
        </CardTitle>
        <CardDescription>The details we use to form and set up your business.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending && (
          <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
            <Spinner className="size-4" label="" /> Loading profile data...
          </p>
        )}
        {query.isError && <LoadFailed message="Could not load the profile." query={query} />}
        {query.isSuccess && <ProfileForm key={clientId} clientId={clientId} profile={query.data} />}
      </CardContent>
    </Card>
  );
}

function ProfileForm({ clientId, profile }: { clientId: string; profile: ProfileView | null }) {
  const queryClient = useQueryClient();
  const save = useSaveProfile(clientId);
  const form = useForm<ProfileInput, unknown, z.output<typeof profileInput>>({
    resolver: zodResolver(profileInput),
    defaultValues: formValuesOf(profile),
  });
  const { register, setValue, control, formState } = form;
  const errors = formState.errors;
  const [alert, setAlert] = useState<string | null>(null);
  const values = useWatch({ control });
  const set = <K extends keyof ProfileInput>(name: K, value: ProfileInput[K]) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const onSubmit = form.handleSubmit(async (input) => {
    // An emptied "Change" of a stored secret keeps the stored value rather than erasing it.
    const secrets = {
      ownerSsn: profile?.hasSsn && !input.ownerSsn ? undefined : input.ownerSsn,
      ownerDob: profile?.hasDob && !input.ownerDob ? undefined : input.ownerDob,
      ein: profile?.hasEin && !input.ein ? undefined : input.ein,
    };
    setAlert(null);
    try {
      const result = await save.mutateAsync({ ...input, ...secrets });
      form.reset(formValuesOf(result.profile));
      if (result.taskCompleted) {
        toast.success('Profile saved. Your My Account section is complete!');
        // The original product reloads the page here; refetching everything does the same without losing the screen.
        await queryClient.invalidateQueries();
      } else {
        toast.success('Profile saved');
      }
    } catch (err) {
      // A refusal of one field stands under it; any other below the form.
      setAlert(putServerError(form, err) ?? null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {textFields.slice(0, 4).map((f) => (
        <TextInput key={f.name} field={f} register={register} error={errors[f.name]?.message} />
      ))}
      <SecretField
        clientId={clientId}
        field="ssn"
        id="ownerSsn"
        label="Social Security Number (SSN)"
        placeholder="123-45-6789"
        masked={profile?.ownerSsnMasked ?? ''}
        stored={Boolean(profile?.hasSsn)}
        value={values.ownerSsn}
        onChange={(v) => set('ownerSsn', v)}
        error={errors.ownerSsn?.message}
      />
      <SecretField
        clientId={clientId}
        field="dob"
        id="ownerDob"
        label="Date of Birth"
        hint="January 1st 1980"
        masked={profile?.ownerDobMasked ?? ''}
        stored={Boolean(profile?.hasDob)}
        value={values.ownerDob}
        onChange={(v) => set('ownerDob', v)}
        error={errors.ownerDob?.message}
      />
      <StateField
        value={values.creditProfile ?? ''}
        onChange={(v) => set('creditProfile', v)}
        error={errors.creditProfile?.message}
      />
      <BusinessStructureField
        value={values.businessStructure ?? ''}
        onChange={(v) => set('businessStructure', v as ProfileInput['businessStructure'])}
        error={errors.businessStructure?.message}
      />
      <SecretField
        clientId={clientId}
        field="ein"
        id="ein"
        label="EIN (optional)"
        hint="Your Employer Identification Number from the IRS, like 12-3456789."
        placeholder="12-3456789"
        masked={profile?.einMasked ?? ''}
        stored={Boolean(profile?.hasEin)}
        value={values.ein}
        onChange={(v) => set('ein', v)}
        error={errors.ein?.message}
      />
      {textFields.slice(4).map((f) => (
        <TextInput key={f.name} field={f} register={register} error={errors[f.name]?.message} />
      ))}
      <OwnerTypeField
        ownerType={values.ownerType ?? 'sole'}
        numberOfOwners={Number(values.numberOfOwners ?? 1)}
        onChange={(next) => {
          set('ownerType', next.ownerType);
          set('numberOfOwners', next.numberOfOwners);
        }}
        error={errors.numberOfOwners?.message}
      />
      <AgreementField value={values.agreement ?? ''} onChange={(v) => set('agreement', v)} />
      {alert !== null && (
        <Alert tone="error" className="sm:col-span-2">
          {alert || 'Could not save the profile.'}
        </Alert>
      )}
      <div className="flex items-center justify-end gap-3 sm:col-span-2">
        {profile?.updatedAt && profile.agreementConfirmed && (
          <span className="text-xs text-gray-500">Last saved {formatDateTime(profile.updatedAt)}</span>
        )}
        <Button type="submit" disabled={!agreementMatches(values.agreement ?? '') || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}

function TextInput({
  field,
  register,
  error,
}: {
  field: (typeof textFields)[number];
  register: ReturnType<typeof useForm<ProfileInput, unknown, z.output<typeof profileInput>>>['register'];
  error?: string;
}) {
  return (
    <FormField
      id={field.name}
      label={field.label}
      hint={field.hint}
      error={error}
      className={field.wide ? 'sm:col-span-2' : undefined}
    >
      <Input
        id={field.name}
        type={field.type ?? 'text'}
        autoComplete={field.autoComplete}
        aria-describedby={describedBy(field.name, field.hint, error)}
        aria-invalid={Boolean(error)}
        {...register(field.name)}
      />
    </FormField>
  );
}
