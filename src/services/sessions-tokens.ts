import { SignJWT, jwtVerify } from 'jose';

/** Short-lived JWTs. One algorithm, pinned on both sides: `alg: none`, other HMAC sizes and
 * asymmetric algorithms are refused by the verifier. */
const ALG = 'HS256';
const ISSUER = 'docread';
const ACCESS_AUDIENCE = 'docread-api';
const PRE_AUDIENCE = 'docread-otp';
export const PRE_TOKEN_SECONDS = 600;

export interface AccessClaims {
  userId: string;
  sessionId: string;
  orgId: string;
}

export interface PreClaims {
  userId: string;
  challengeId: string;
}

export class TokenSigner {
  constructor(
    private readonly key: Uint8Array,
    private readonly accessSeconds: number,
  ) {}

  get accessTtl(): number {
    return this.accessSeconds;
  }

  access(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, org: claims.orgId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.accessSeconds}s`)
      .sign(this.key);
  }

  pre(claims: PreClaims): Promise<string> {
    return new SignJWT({ cid: claims.challengeId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(PRE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${PRE_TOKEN_SECONDS}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, ACCESS_AUDIENCE);
    if (!payload || typeof payload.sid !== 'string' || typeof payload.org !== 'string' || !payload.sub) return null;
    return { userId: payload.sub, sessionId: payload.sid, orgId: payload.org };
  }

  async verifyPre(token: string): Promise<PreClaims | null> {
    const payload = await this.verify(token, PRE_AUDIENCE);
    if (!payload || typeof payload.cid !== 'string' || !payload.sub) return null;
    return { userId: payload.sub, challengeId: payload.cid };
  }

  private async verify(token: string, audience: string) {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, audience, requiredClaims: ['exp', 'sub'] });
      return payload;
    } catch {
      return null;
    }
  }
}
