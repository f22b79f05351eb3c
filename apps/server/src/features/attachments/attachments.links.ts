import type { UrlSigner } from '../../platform/auth/url-signer';

/** How long a file link works: long enough to open a page and look at its pictures. */
const LINK_TTL_SECONDS = 60 * 60;

/** `original`, `preview`, or a page picture of an extraction: `page-<extraction id>-<page>`. */
type FileVariant = string;
export const fileVariantPattern = /^(original|preview|page-[0-9a-f-]{36}-\d{1,3})$/;

/**
 * A signed, expiring link to one of a file's variants. The link is the credential (an <img> cannot send
 * the bearer token): it names the organization, the file, the variant and when it stops working.
 */
const attachmentLink = (
  signer: UrlSigner,
  organizationId: string,
  attachmentId: string,
  variant: FileVariant,
  now = Date.now(),
): string => {
  // Links made within the same ten minutes are the same link, so the browser's cache serves them.
  const exp = Math.floor(now / 1000 / 600) * 600 + LINK_TTL_SECONDS;
  const sig = signer.sign(['attachment', organizationId, attachmentId, variant], exp);
  return `/api/v1/files/attachments/${attachmentId}/${variant}/?o=${organizationId}&exp=${exp}&sig=${sig}`;
};

/** Signs links to the files of one organization (the wire shaping of features that show files). */
export type AttachmentLinker = (attachmentId: string, variant: FileVariant) => string;

export const attachmentLinker =
  (signer: UrlSigner, organizationId: string): AttachmentLinker =>
  (attachmentId, variant) =>
    attachmentLink(signer, organizationId, attachmentId, variant);

export const verifyAttachmentLink = (
  signer: UrlSigner,
  link: { organizationId: string; attachmentId: string; variant: FileVariant; exp: number; sig: string },
) => signer.verify(['attachment', link.organizationId, link.attachmentId, link.variant], link.exp, link.sig);
