import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { providersFromEnv } from './auth/oidc';

describe('sign-in environment', () => {
  it('no provider by default; empty values (a copied .env.example) count as unset', () => {
    const env = parseEnv({ APP_URL: '', GOOGLE_CLIENT_ID: '', OIDC_ISSUER: ' ', DEV_OIDC_PORT: '' });
    expect(env.signIn).toEqual({});
    expect(env.appUrl).toBe('http://localhost:3000');
    expect(env.DEV_OIDC_PORT).toBeUndefined();
    expect(providersFromEnv(env.signIn, env.appUrl)).toEqual([]);
  });

  it('reads every provider, in chooser order', () => {
    const env = parseEnv({
      APP_URL: 'https://teachers.example/',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      MICROSOFT_ENTRA_TENANT_ID: 'organizations',
      MICROSOFT_ENTRA_CLIENT_ID: 'm',
      MICROSOFT_ENTRA_CLIENT_SECRET: 'ms',
      OIDC_ISSUER: 'https://id.school.example',
      OIDC_CLIENT_ID: 'o',
      OIDC_NAME: 'Trust SSO',
      DEV_OIDC_PORT: '4100',
    });
    expect(env.signIn).toEqual({
      google: { clientId: 'g', clientSecret: 'gs' },
      microsoft: { tenantId: 'organizations', clientId: 'm', clientSecret: 'ms' },
      oidc: { issuer: 'https://id.school.example', clientId: 'o', clientSecret: null, name: 'Trust SSO' },
    });
    expect(env.DEV_OIDC_PORT).toBe(4100);
    const providers = providersFromEnv(env.signIn, env.appUrl);
    expect(providers.map((p) => [p.id, p.label])).toEqual([
      ['google', 'Continue with Google'],
      ['microsoft', 'Continue with Microsoft'],
      ['oidc', 'Continue with Trust SSO'],
    ]);
  });

  it('stops on a half-configured provider or a bad issuer', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'g' })).toThrow('GOOGLE_CLIENT_SECRET: must be set too (GOOGLE_CLIENT_ID is set)');
    expect(() => parseEnv({ MICROSOFT_ENTRA_CLIENT_ID: 'm', MICROSOFT_ENTRA_CLIENT_SECRET: 's' })).toThrow(
      'MICROSOFT_ENTRA_TENANT_ID: must be set too',
    );
    expect(() => parseEnv({ OIDC_CLIENT_ID: 'o' })).toThrow('OIDC_ISSUER: must be set too');
    expect(() => parseEnv({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'o' })).toThrow('OIDC_ISSUER: must be the issuer URL');
  });
});

describe('security environment', () => {
  it('reads TRUST_PROXY and the per-IP limits (0 turns a limit off), and refuses bad values', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({})).toMatchObject({ RATE_LIMIT_READS_PER_MINUTE: 600, RATE_LIMIT_LOGINS_PER_MINUTE: 30 });
    expect(parseEnv({ TRUST_PROXY: '1', RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_LOGINS_PER_MINUTE: '' })).toMatchObject({
      TRUST_PROXY: true,
      RATE_LIMIT_READS_PER_MINUTE: 0,
      RATE_LIMIT_LOGINS_PER_MINUTE: 30,
    });
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ RATE_LIMIT_READS_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_READS_PER_MINUTE: must be 0 or more/);
    expect(() => parseEnv({ RATE_LIMIT_LOGINS_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_LOGINS_PER_MINUTE: must be a whole number/);
  });
});
