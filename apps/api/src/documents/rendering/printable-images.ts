import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { normaliseDocumentImage } from '../../councils/document-image';

/** A stored image is at most a redrawn PNG (well under this); anything bigger is not one of ours. */
const STORED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Checked images remembered per process, by the stored text's hash (councils have two images each). */
const REMEMBERED = 128;

export type CouncilImageField = 'logoImage' | 'signatureImage';

/**
 * A council's stored document image as a document may print it: checked again by the upload's rules and
 * redrawn as a PNG (normaliseDocumentImage), or left out with a warning when it fails them: an image stored
 * before those rules (an SVG drawn by the PDF library itself, a PNG whose header claims any size) never
 * reaches the PDF library as it is. The answer is remembered per stored image, so a document pays the check
 * once per process.
 */
@Injectable()
export class PrintableImages {
  private readonly logger = new Logger(PrintableImages.name);
  private readonly checked = new Map<string, Promise<string | null>>();

  async of(council: string, field: CouncilImageField, stored: string | null | undefined): Promise<string | null> {
    if (!stored) return null;
    const key = createHash('sha256').update(stored).digest('base64url');
    let answer = this.checked.get(key);
    if (!answer) {
      answer = this.check(council, field, stored).catch((error: unknown) => {
        // Not a verdict on the image (a failure of the check itself): asked again next time.
        this.checked.delete(key);
        this.logger.warn(
          { council, field, err: (error as Error).message },
          'Council image left off the document: it could not be checked',
        );
        return null;
      });
      this.checked.set(key, answer);
      if (this.checked.size > REMEMBERED) this.checked.delete(this.checked.keys().next().value as string);
    }
    return answer;
  }

  private async check(council: string, field: CouncilImageField, stored: string): Promise<string | null> {
    const result = await normaliseDocumentImage(stored, STORED_IMAGE_MAX_BYTES);
    if (result.ok) return result.dataUrl;
    this.logger.warn(
      { council, field, reason: result.reason, problem: `${field} ${result.problem}` },
      'Council image left off the document: it fails the image rules; upload it again in the console',
    );
    return null;
  }
}
