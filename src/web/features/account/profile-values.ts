import type { ProfileInput } from '../../../shared/profile';
import type { ProfileView } from './api';

/** Form values from the stored profile; SSN, DOB and EIN start undefined (kept unless changed). */
export function formValuesOf(p: ProfileView | null): ProfileInput {
  return {
    businessName: p?.businessName ?? '',
    businessWebsite: p?.businessWebsite ?? '',
    ownerFirstName: p?.ownerFirstName ?? '',
    ownerLastName: p?.ownerLastName ?? '',
    ownerSsn: undefined,
    ownerDob: undefined,
    ein: undefined,
    creditProfile: p?.creditProfile ?? '',
    businessStructure: (p?.businessStructure ?? '') as ProfileInput['businessStructure'],
    businessPhone: p?.businessPhone ?? '',
    forwardPhone: p?.forwardPhone ?? '',
    businessAddress: p?.businessAddress ?? '',
    ownerHomeAddress: p?.ownerHomeAddress ?? '',
    businessEmail: p?.businessEmail ?? '',
    forwardEmail: p?.forwardEmail ?? '',
    ownerType: p?.ownerType ?? 'sole',
    numberOfOwners: p?.numberOfOwners ?? 1,
    agreement: '',
  };
}

type TextField =
  | 'businessName'
  | 'businessWebsite'
  | 'ownerFirstName'
  | 'ownerLastName'
  | 'businessPhone'
  | 'forwardPhone'
  | 'businessAddress'
  | 'ownerHomeAddress'
  | 'businessEmail'
  | 'forwardEmail';

/** The plain text inputs, in the order the form shows them. */
export const textFields: {
  name: TextField;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
}[] = [
  { name: 'businessName', label: 'Business Name', autoComplete: 'organization' },
  { name: 'businessWebsite', label: 'Business Website', type: 'url', hint: 'e.g. https://www.yourbusiness.com' },
  { name: 'ownerFirstName', label: 'Owner First Name', autoComplete: 'given-name' },
  { name: 'ownerLastName', label: 'Owner Last Name', autoComplete: 'family-name' },
  {
    name: 'businessPhone',
    label: 'Business Phone (optional)',
    type: 'tel',
    hint: 'Optional: we will create a business phone number for you.',
  },
  {
    name: 'forwardPhone',
    label: 'Forward Phone',
    type: 'tel',
    hint: 'The number your business calls are forwarded to.',
    autoComplete: 'tel',
  },
  {
    name: 'businessAddress',
    label: 'Business Address (optional)',
    hint: 'Optional: we will create a business address for you.',
    wide: true,
  },
  { name: 'ownerHomeAddress', label: 'Owner Home Address', autoComplete: 'street-address', wide: true },
  { name: 'businessEmail', label: 'Business Email', type: 'email' },
  { name: 'forwardEmail', label: 'Forward Email', type: 'email', hint: 'Where business e-mail is forwarded to.' },
];
