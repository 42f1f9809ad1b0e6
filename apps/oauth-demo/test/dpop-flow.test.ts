import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './helpers/demo-process.js';
import { authorize, challengeParams, discover, type ProofMaker, register } from './helpers/oauth-by-hand.js';

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo(['--port', '0']);
}, 40_000);
afterAll(() => demo?.stop());

/** A client key pair and the proofs it signs (RFC 9449 §4.2). */
async function dpopKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const proof = async (htm: string, htu: string, accessToken?: string) => {
    const claims: Record<string, unknown> = {
      htm,
      htu,
      jti: crypto.randomUUID(),
      iat: Math.floor(Date.now() / 1000),
    };
    if (accessToken !== undefined) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken));
      claims.ath = Buffer.from(digest).toString('base64url');
    }
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk }).sign(privateKey);
  };
  return { proof, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
}

function callTool(authorization: string, proof?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'test_simple_text',
    authorization,
  };
  if (proof !== undefined) headers.dpop = proof;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return fetch(demo.mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { _meta, name: 'test_simple_text' },
    }),
  });
}

describe('DPoP-bound tokens end to end (RFC 9449)', () => {
  it('a bound token works with a fresh proof; a replayed proof or a bearer use is 401', async () => {
    const anonymous = await callTool('Bearer nothing');
    const discovery = await discover(
      challengeParams(anonymous.headers.get('www-authenticate')).resource_metadata!,
    );
    const clientId = await register(discovery);
    const key = await dpopKey();
    const proofMaker: ProofMaker = (htm, htu) => key.proof(htm, htu);
    const tokens = await authorize(discovery, clientId, demo.mcpUrl, 'mcp:tools', proofMaker);
    expect(tokens.token_type).toBe('DPoP');
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.cnf).toEqual({ jkt: key.jkt });

    const proof = await key.proof('POST', demo.mcpUrl, tokens.access_token);
    expect((await callTool(`DPoP ${tokens.access_token}`, proof)).status).toBe(200);
    const replayed = await callTool(`DPoP ${tokens.access_token}`, proof);
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate')).toContain('error="invalid_dpop_proof"');
    const asBearer = await callTool(`Bearer ${tokens.access_token}`);
    expect(asBearer.status).toBe(401);
    const fresh = await key.proof('POST', demo.mcpUrl, tokens.access_token);
    expect((await callTool(`DPoP ${tokens.access_token}`, fresh)).status).toBe(200);
  });
});
