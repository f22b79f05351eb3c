import { toMoney, type DocumentQuery, type InvoiceDocument } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { PdfRenderError, type PdfRenderer } from '../../platform/documents/pdf-renderer';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findCustomerDetails } from '../customers/customers.service';
import { getOrganizationProfile } from '../orgs/orgs.service';
import { invoiceFileName, renderInvoiceHtml } from './invoice-document';
import { invoicesRepository } from './invoices.repository';
import { encodeZatcaTlv, qrCodeSvg } from './zatca-qr';

/** The country whose invoices carry ZATCA's QR code (its phase 1: simplified tax invoices). */
const SAUDI_ARABIA = 'SA';

const invoiceNotFound = () => notFound('Invoice not found.');

/** Invoices as documents: the page the customer receives, and its PDF. */
export const invoiceDocumentsService = (scope: OrgScope, deps: { pdf: PdfRenderer }) => {
  const repo = invoicesRepository(scope);

  /**
   * The invoice's document in a language: read in one transaction with the organization and the customer.
   * A Saudi organization with its VAT number gets ZATCA's QR code: its name and VAT number, the invoice's
   * time stamp (the issue date, at the time of day the invoice was created, UTC), its total and its VAT.
   */
  const documentOf = async (id: string, query: Required<DocumentQuery>): Promise<InvoiceDocument> => {
    const { found, seller, customer } = await scope.run(
      async () => {
        const invoice = await repo.find(id);
        if (!invoice) throw invoiceNotFound();
        return {
          found: invoice,
          seller: await getOrganizationProfile(scope),
          customer: invoice.customer ? await findCustomerDetails(scope, invoice.customer.id) : null,
        };
      },
      { snapshot: true },
    );
    const { row } = found;
    const saudi = seller.country === SAUDI_ARABIA;
    const zatcaQr =
      saudi && seller.taxId
        ? encodeZatcaTlv({
            sellerName: seller.name,
            vatNumber: seller.taxId,
            timestamp: `${row.issueDate}T${row.createdAt.toISOString().slice(11, 19)}Z`,
            totalWithVat: toMoney(row.total),
            vatTotal: toMoney(row.taxAmount),
          })
        : null;
    const html = renderInvoiceHtml(
      {
        seller: { name: seller.name, taxId: seller.taxId, address: seller.address, saudi },
        customer,
        number: row.number,
        status: row.status,
        issueDate: row.issueDate,
        dueDate: row.dueDate,
        currency: row.currency,
        subtotal: toMoney(row.subtotal),
        taxRate: toMoney(row.taxRate),
        taxAmount: toMoney(row.taxAmount),
        total: toMoney(row.total),
        lines: found.lines.map((l) => ({
          description: l.description,
          quantity: l.quantity.replace(/\.?0+$/, '') || '0',
          unitPrice: toMoney(l.unitPrice),
          total: toMoney(l.total),
        })),
        qrSvg: zatcaQr ? await qrCodeSvg(zatcaQr) : null,
      },
      query,
    );
    return {
      html,
      file_name: invoiceFileName(row.number, query.language),
      zatca_qr: zatcaQr,
      zatca_vat_number_missing: saudi && !seller.taxId,
    };
  };

  return {
    document: documentOf,

    /** The document printed as PDF by the browser; 503 DOCUMENT_RENDER_FAILED when printing fails. */
    pdf: async (id: string, query: Required<DocumentQuery>) => {
      const document = await documentOf(id, query);
      try {
        return {
          bytes: await deps.pdf.render(scope.organizationId, document.html),
          fileName: document.file_name,
        };
      } catch (error) {
        if (!(error instanceof PdfRenderError)) throw error;
        throw new AppError(
          'DOCUMENT_RENDER_FAILED',
          'The PDF could not be made just now. Try again in a moment.',
        );
      }
    },
  };
};
