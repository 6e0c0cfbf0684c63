import { Inject, Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import {
  checkDocumentToken,
  loadSigningKey,
  loadVerifyKey,
  signDocumentToken,
  type DocumentFacts,
  type TokenCheck,
} from '@councilpay/documents';
import { DOCUMENT_VERIFY_PARAM, DOCUMENT_VERIFY_ROUTE } from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/**
 * Signs the codes printed on receipts and licences with the configured Ed25519 key, and checks scanned ones with
 * its public key or an earlier key's (DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE): documents printed before a key change
 * still verify.
 */
@Injectable()
export class DocumentSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKeys: KeyObject[];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.privateKey = loadSigningKey(config.documents.signingKeyPem);
    this.publicKeys = [
      loadVerifyKey(this.privateKey),
      ...config.documents.previousPublicKeysPem.map((pem) => loadVerifyKey(pem)),
    ];
  }

  sign(facts: DocumentFacts): string {
    return signDocumentToken(facts, this.privateKey);
  }

  check(token: string): TokenCheck {
    return checkDocumentToken(token, this.publicKeys);
  }

  /** The public verify page's address for a token (what the QR code holds). */
  verifyUrl(token: string): string {
    return `${this.config.publicUrl}/#${DOCUMENT_VERIFY_ROUTE}?${DOCUMENT_VERIFY_PARAM}=${token}`;
  }
}
