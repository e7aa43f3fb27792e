import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software passkey authenticator for integration tests: what a browser's authenticator answers to the server's
// WebAuthn challenges (attestation "none", an ES256 key), made with Node's crypto and a little CBOR. The browser
// tests use Chromium's virtual authenticator instead.

type Cbor = number | Uint8Array | string | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The options the server answered, as much of them as an authenticator reads. */
interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export interface SoftAuthenticator {
  /** The answer of `startRegistration` to the registration options, for `origin`. */
  register(options: Options, origin: string): unknown;
  /** The answer of `startAuthentication` to the sign-in options, for `origin`. */
  authenticate(options: Options, origin: string): unknown;
}

/** An authenticator holding one new ES256 passkey. */
export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  let counter = 0;

  function clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  function authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** A PublicKeyCredential as `@simplewebauthn/browser` sends it, around the authenticator's response. */
  const credential = (response: Record<string, unknown>) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response,
  });

  return {
    register(options, origin) {
      const rpId = options.rp?.id ?? new URL(origin).hostname;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKeyOf(publicKey)]);
      // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const authData = authenticatorData(rpId, 0x45, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return credential({
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      });
    },
    authenticate(options, origin) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      const authData = authenticatorData(rpId, 0x05);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey as KeyObject);
      return credential({
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      });
    },
  };
}

/** The public key as COSE: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2), y (-3). */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}
