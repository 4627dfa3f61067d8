import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the API tests of the passkey
 * ceremonies (issue 27): an ES256 key pair per credential, attestation "none",
 * authenticator data with its flags (UP, UV) and signature counter, the
 * client data a browser would write for `origin`. It answers what
 * @simplewebauthn/browser's startRegistration / startAuthentication hand the server.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

/** The few CBOR types WebAuthn's structures use (RFC 8949): integers, byte and text strings, arrays, maps. */
export function encodeCbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface AuthenticationOptionsLike {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export interface CeremonyTweaks {
  /** The origin the "browser" writes in the client data (another site's, to test a phishing page). */
  origin?: string;
  /** Whether the authenticator verified its user (PIN, biometrics). */
  userVerified?: boolean;
  /** The counter to report instead of the next one (a cloned authenticator). */
  counter?: number;
  /** Which of this authenticator's credentials answers (the last made, by default). */
  credentialId?: string;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  private rpIdOf(rpId: string | undefined): string {
    return rpId ?? new URL(this.origin).hostname;
  }

  /** `navigator.credentials.create` with the server's options: a new credential, its attestation ("none"). */
  register(options: RegistrationOptionsLike, tweaks: CeremonyTweaks = {}) {
    const rpId = this.rpIdOf(options.rp.id);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const publicKeyCose = encodeCbor(
      new Map<number, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const credential: StoredCredential = { id, privateKey, publicKeyCose, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV) | FLAG_AT;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.rpIdHash(rpId),
      Buffer.from([flags]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      id,
      publicKeyCose,
    ]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, tweaks.origin);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get`: an assertion by one of this authenticator's credentials, its counter moved on. */
  authenticate(options: AuthenticationOptionsLike, tweaks: CeremonyTweaks = {}) {
    const credential = tweaks.credentialId
      ? this.credentials.find((c) => c.id.toString('base64url') === tweaks.credentialId)
      : (this.credentials
          .filter((c) => !options.allowCredentials?.length || options.allowCredentials.some((a) => a.id === c.id.toString('base64url')))
          .at(-1) ?? this.credentials.at(-1));
    if (!credential) throw new Error('no credential in this software authenticator');
    // A forced counter is a clone's: the genuine authenticator's own count goes on unchanged.
    const counter = tweaks.counter ?? ++credential.counter;
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([
      this.rpIdHash(this.rpIdOf(options.rpId ?? credential.rpId)),
      Buffer.from([flags]),
      counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweaks.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      credential.privateKey,
    );
    return {
      id: credential.id.toString('base64url'),
      rawId: credential.id.toString('base64url'),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
    };
  }

  private rpIdHash(rpId: string): Buffer {
    return createHash('sha256').update(rpId).digest();
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}
