import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { encryptedText } from '../../security/encrypted-column';
import { authUsers } from './auth';

// One row per user, keyed by the user id, which is also the row id bound into the encrypted values.
export const userProfiles = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull().default(''),
  businessWebsite: text('business_website').notNull().default(''),
  ownerFirstName: text('owner_first_name').notNull().default(''),
  ownerLastName: text('owner_last_name').notNull().default(''),
  ownerSsn: encryptedText('owner_ssn'),
  ownerDob: encryptedText('owner_dob'),
  // Employer Identification Number, NN-NNNNNNN, encrypted and masked like the SSN.
  ein: encryptedText('ein'),
  creditProfile: text('credit_profile').notNull().default(''),
  businessStructure: text('business_structure').notNull().default(''),
  businessPhone: text('business_phone').notNull().default(''),
  forwardPhone: text('forward_phone').notNull().default(''),
  businessAddress: text('business_address').notNull().default(''),
  ownerHomeAddress: text('owner_home_address').notNull().default(''),
  businessEmail: text('business_email').notNull().default(''),
  forwardEmail: text('forward_email').notNull().default(''),
  ownerType: text('owner_type', { enum: ['sole', 'multiple'] })
    .notNull()
    .default('sole'),
  numberOfOwners: integer('number_of_owners').notNull().default(1),
  agreementConfirmed: boolean('agreement_confirmed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
