import { DOCUMENT_IMAGE_MAX_BYTES } from '@councilpay/domain';
import { ImageField, ImageInput, useTranslate } from 'react-admin';
import { DOCUMENT_IMAGE_ACCEPT, DOCUMENT_IMAGE_PREVIEW, validateDocumentImage } from './documentImage';

/**
 * One of a council's document images in the edit form: react-admin's ImageInput over the stored data URL,
 * previewing the stored image or the file chosen, with its remove button always shown (removing sends null on
 * save). The picker offers PNG and SVG files; every file chosen or dropped comes into the form and the
 * validator says why it cannot be taken, because react-dropzone's own `accept` and `maxSize` would drop a
 * refused file without a word and empty the input with it.
 */
export function DocumentImageInput({ source }: { source: 'logoImage' | 'signatureImage' }) {
  const translate = useTranslate();
  const title = translate(`resources.councils.fields.${source}`);
  // The stored image is a data URL; the preview reads { src, title }, as ImageInput's chosen files are.
  const format = (value: unknown) =>
    typeof value === 'string' && value !== '' ? { src: value, title } : (value ?? null);
  return (
    <ImageInput
      source={source}
      format={format}
      validate={validateDocumentImage}
      inputProps={{ accept: DOCUMENT_IMAGE_ACCEPT, 'aria-label': title }}
      helperText={<span>{translate('console.document_image.hint', { max: DOCUMENT_IMAGE_MAX_BYTES / 1024 })}</span>}
      sx={{ '& .RaFileInput-removeButton button': { opacity: 1 } }}
    >
      <ImageField source="src" title="title" sx={DOCUMENT_IMAGE_PREVIEW} />
    </ImageInput>
  );
}
