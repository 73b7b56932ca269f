import type { Kysely } from 'kysely';
import type { Database, OtpChallengesTable } from '../schema.js';

/** One-time code challenges, always asked for by their user (the user fixes the organisation). */
export class OtpChallengesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async closeOpen(userId: string, purpose: string, at: string): Promise<void> {
    await this.db
      .updateTable('otp_challenges')
      .set({ consumed_at: at })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async insert(challenge: OtpChallengesTable): Promise<void> {
    await this.db.insertInto('otp_challenges').values(challenge).execute();
  }

  async find(id: string, userId: string, purpose: string): Promise<OtpChallengesTable | undefined> {
    return this.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  async newestOpenId(userId: string, purpose: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('otp_challenges')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Counts one try if fewer than `maxTries` were made and the challenge is open; returns whether it did. */
  async countTry(id: string, maxTries: number): Promise<boolean> {
    const res = await this.db
      .updateTable('otp_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Returns false when another request consumed it first. */
  async consume(id: string, at: string): Promise<boolean> {
    const res = await this.db.updateTable('otp_challenges').set({ consumed_at: at }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
