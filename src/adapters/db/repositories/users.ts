import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../schema.js';

/** People. Email addresses are unique across organisations, and a user id found through a session,
 * a token or a challenge identifies its organisation: those lookups are not tenant-scoped. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async emailTaken(email: string): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
  }

  async findByEmail(email: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async get(userId: string): Promise<UsersTable> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  }

  async find(orgId: string, userId: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();
  }

  async list(orgId: string): Promise<UsersTable[]> {
    return this.db.selectFrom('users').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  }

  async insert(user: UsersTable): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async markEmailVerified(userId: string, at: string): Promise<void> {
    await this.db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
  }

  async setVerifiedPhone(userId: string, phone: string, at: string): Promise<void> {
    await this.db.updateTable('users').set({ phone, phone_verified_at: at }).where('id', '=', userId).execute();
  }

  /** An invited person becomes active with the password chosen; the link proved the email. */
  async acceptInvite(userId: string, passwordHash: string, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, status: 'active', email_verified_at: at })
      .where('id', '=', userId)
      .where('status', '=', 'invited')
      .execute();
  }

  /** Moves between active and inactive only; returns whether the organisation has such a user. */
  async setActive(orgId: string, userId: string, status: 'active' | 'inactive'): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ status })
      .where('id', '=', userId)
      .where('org_id', '=', orgId)
      .where('status', 'in', ['active', 'inactive'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Operator action, across organisations. */
  async setStatus(userId: string, status: string): Promise<void> {
    await this.db.updateTable('users').set({ status }).where('id', '=', userId).execute();
  }
}
