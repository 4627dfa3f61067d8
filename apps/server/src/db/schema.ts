import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Typed view of the tables created by the SQL files in ./migrations (the source of truth).

export const notaryOffices = pgTable('notary_offices', {
  id: serial('id').primaryKey(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  address: text('address').notNull().default(''),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  image: text('image'),
  email: text('email'),
  phone: text('phone'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  linkContact: text('link_contact'),
  linkMoreInfo: text('link_more_info'),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  passwordVersion: integer('password_version').notNull().default(1),
  avatar: text('avatar'),
  roles: text('roles').array().notNull().default(['ROLE_USER']),
  isActive: boolean('is_active').notNull().default(true),
  isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
  isPro: boolean('is_pro').notNull().default(false),
  isNotary: boolean('is_notary').notNull().default(false),
  needsRoleChange: boolean('needs_role_change').notNull().default(false),
  notaryOfficeId: integer('notary_office_id'),
  lastConnectionDate: timestamp('last_connection_date', { withTimezone: true, mode: 'date' }),
  previousConnectionDate: timestamp('previous_connection_date', { withTimezone: true, mode: 'date' }),
  scoreEc: integer('score_ec'),
  complexity: integer('complexity'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const accountTokens = pgTable('account_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose', { enum: ['reset_password', 'confirm_email'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schema = { schemaMigrations, notaryOffices, users, accountTokens };
