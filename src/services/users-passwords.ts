import argon2 from 'argon2';

export interface PasswordCost {
  memoryKib: number;
  iterations: number;
}

/** argon2id password hashing. Verification of an unknown email runs against a dummy hash made
 * with the same cost, so unknown and known emails take the same time. */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.cost.memoryKib, timeCost: this.cost.iterations, parallelism: 1 });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      this.dummy ??= this.hash('not a password of anyone');
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
