import type { Kysely } from 'kysely';
import type { Database, RefreshTokensTable, SessionsTable } from '../schema.js';

/** Sign-in sessions and their refresh tokens. A session is found by its id or a token's digest,
 * which are the credentials; the organisation is then checked against the token's claims. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: SessionsTable): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  async insertRefreshToken(token: RefreshTokensTable): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(token).execute();
  }

  async findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.session_id',
        'refresh_tokens.used_at',
        'refresh_tokens.expires_at',
        'sessions.revoked_at',
        'sessions.user_id',
        'sessions.expires_at as session_expires_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async sessionOfRefreshToken(tokenHash: string): Promise<string | null> {
    const row = await this.db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row?.session_id ?? null;
  }

  /** Returns false when the token was rotated already (by a parallel request or a copy). */
  async useRefreshToken(tokenHash: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The session of an access token with its user's and organisation's standing. */
  async findForAccess(sessionId: string, userId: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('organisations', 'organisations.id', 'users.org_id')
      .select([
        'sessions.revoked_at',
        'users.status as user_status',
        'users.role',
        'users.org_id',
        'organisations.status',
        'organisations.plan',
        'organisations.subscription_expires_at',
      ])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
  }

  async revoke(sessionId: string, reason: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: at, revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }
}
