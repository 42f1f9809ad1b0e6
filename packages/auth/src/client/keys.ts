import { importPKCS8 } from 'jose';

/**
 * Imports a PKCS#8 PEM private key for `private_key_jwt` client authentication (RFC 7523), e.g.
 * `await importPrivateKey(pem, 'ES256')`.
 */
export function importPrivateKey(pem: string, algorithm: string): Promise<CryptoKey> {
  return importPKCS8(pem, algorithm);
}
