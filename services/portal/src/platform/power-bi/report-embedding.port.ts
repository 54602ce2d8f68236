import { Logger } from '@nestjs/common';
import { DomainError } from '../../kernel/domain-error';

/**
 * Embedding a Power BI report for one person ("App owns data"): the portal signs in to Azure AD as
 * itself and asks Power BI for an embed token limited to one report, viewed as one identity (the
 * dataset's row-level security then shows that identity's rows only). The port is what the
 * timesheets context sees; `PowerBiReportEmbedding` is the adapter, `DisabledReportEmbedding`
 * answers when no workspace is configured.
 */

/** Whose rows the report may show: Power BI's effective identity (username + the dataset's RLS roles). */
export interface EmbedIdentity {
  /** The person's sign-in address; the dataset's RLS rules compare it with USERPRINCIPALNAME(). */
  readonly username: string;
}

/** What the browser needs to show the report. */
export interface EmbeddedReport {
  readonly reportId: string;
  readonly embedUrl: string;
  /** The Power BI embed token (short-lived; never the AAD token). */
  readonly accessToken: string;
  readonly expiresAt: Date;
}

/**
 * Power BI or Azure AD could not give an embed (down, refused the credentials, an unknown report,
 * an answer of the wrong shape). `message` is for the log only: it may hold upstream text and is
 * never shown to a person.
 */
export class ReportEmbeddingUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportEmbeddingUnavailable';
  }
}

export abstract class ReportEmbedding {
  /** False when no workspace is configured: the portal's own files are the answer. */
  abstract readonly enabled: boolean;
  abstract embedReport(reportId: string, identity: EmbedIdentity): Promise<EmbeddedReport>;
}

/** No workspace configured. */
export class DisabledReportEmbedding extends ReportEmbedding {
  readonly enabled = false;

  embedReport(): Promise<EmbeddedReport> {
    return Promise.reject(new ReportEmbeddingUnavailable('Power BI is not configured'));
  }
}

/** An embed as the browser takes it: the expiry as ISO-8601 text. */
export interface BrowserEmbed {
  readonly reportId: string;
  readonly embedUrl: string;
  readonly accessToken: string;
  readonly expiresAt: string;
}

/** Where every screen's failed embed is logged, whichever context asked for it. */
const embedLogger = new Logger('PowerBiEmbed');

/**
 * `embedding.embedReport` for a screen: the embed with its expiry as text or, when Power BI or
 * Azure AD cannot give one, the upstream detail logged (after `what`, which report for whom) and
 * a 503 with `unavailable`, the plain sentence a person reads. Other errors go on as they are.
 */
export async function embedForBrowser(
  embedding: ReportEmbedding,
  reportId: string,
  identity: EmbedIdentity,
  failure: { readonly what: string; readonly unavailable: string },
): Promise<BrowserEmbed> {
  try {
    const embed = await embedding.embedReport(reportId, identity);
    return {
      reportId: embed.reportId,
      embedUrl: embed.embedUrl,
      accessToken: embed.accessToken,
      expiresAt: embed.expiresAt.toISOString(),
    };
  } catch (error) {
    if (!(error instanceof ReportEmbeddingUnavailable)) throw error;
    embedLogger.error(`No embed of ${failure.what}: ${error.message}`);
    throw DomainError.unavailable(failure.unavailable);
  }
}
