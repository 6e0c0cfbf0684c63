/**
 * What an operator brings to a production start: real-looking secrets (fresh keys, a random session secret
 * and database password) in a secrets folder, and the state's own settings. Nothing here is a real key.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** File names of the gateway keys, the same in the compose secrets folder and the Kubernetes Secret. */
export const KEY_FILES = {
  sellerPrivateKey: 'seller.key.pem',
  exchangeCertificate: 'exchange.pub.pem',
  cardSecret: 'card.secret',
  documentSigningKey: 'documents.key.pem',
} as const;

/** A fresh folder with the three gateway key files (under `parent` when given; the caller removes it). */
export function makeSecretsDir(parent: string = tmpdir()): string {
  const dir = mkdtempSync(join(parent, 'councilpay-secrets-'));
  const pair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  writeFileSync(join(dir, KEY_FILES.sellerPrivateKey), pair().privateKey, { mode: 0o600 });
  writeFileSync(join(dir, KEY_FILES.exchangeCertificate), pair().publicKey, { mode: 0o644 });
  writeFileSync(join(dir, KEY_FILES.cardSecret), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  const documents = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  writeFileSync(join(dir, KEY_FILES.documentSigningKey), documents.privateKey, { mode: 0o600 });
  return dir;
}

/** The variables an operator sets (in the shell or the git-ignored .env) before a production start. */
export function operatorEnvironment(secretsDir: string): Record<string, string> {
  return {
    COUNCILPAY_SECRETS_DIR: secretsDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    PUBLIC_URL: 'https://bayar.example.my',
    SMTP_URL: 'smtps://councilpay:mail-password@smtp.example.my:465',
    MAIL_FROM: 'CouncilPay <no-reply@example.my>',
    SMS_URL: 'https://sms.example.my/v1/messages',
    SMS_TOKEN: randomBytes(16).toString('hex'),
    FPX_SELLER_EX_ID: 'EX00012345',
    FPX_SELLER_ID: 'SE00012345',
    FPX_SELLER_BANK_CODE: '01',
    FPX_AR_URL: 'https://fpx.example.my/FPXMain/seller2DReceiver.jsp',
    FPX_AE_URL: 'https://fpx.example.my/FPXMain/sellerNVPTxnStatus.jsp',
    FPX_BE_URL: 'https://fpx.example.my/FPXMain/RetrieveBankList',
    CARD_MERCHANT_ID: 'CP0012345',
    CARD_PAY_URL: 'https://card.example.my/pay',
    CARD_ENQUIRY_URL: 'https://card.example.my/enquiry',
  };
}
