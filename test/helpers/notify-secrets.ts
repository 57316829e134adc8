import crypto from 'node:crypto';

/**
 * Notification secrets for a gateway under test, one per airline that signs notifications, made
 * fresh as an operator would (`openssl rand -hex 32`): on shared storage a gateway refuses to start
 * on the development secrets (src/platform/notify-secrets.ts). An airline's test system that should
 * reach the gateway is given the same value.
 */
export function generatedNotifySecrets(): { AA_NOTIFY_SECRET: string; VS_NOTIFY_SECRET: string } {
  return {
    AA_NOTIFY_SECRET: crypto.randomBytes(32).toString('hex'),
    VS_NOTIFY_SECRET: crypto.randomBytes(32).toString('hex'),
  };
}
