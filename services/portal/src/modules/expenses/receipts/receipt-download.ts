import { QueryHandler } from '@nestjs/cqrs';
import { receiptMessages as msg } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { DomainError } from '../../../kernel/domain-error';
import { StaffQueries } from '../../staff';
import { ReceiptQueries } from './receipt-queries';

/** What the controller streams: the stored file's key, the name it is downloaded under, its size. */
export interface ReceiptFile {
  readonly storageKey: string;
  readonly fileName: string;
  readonly size: number;
}

/** A receipt's file, for its owner or an admin who can see the owner. */
export class ReceiptDownload extends PortalQuery<ReceiptFile> {
  constructor(
    readonly person: Principal,
    readonly receiptId: string,
  ) {
    super(person);
  }
}

/** 404 for an unknown receipt, 403 for someone the person may not see, 404 when the file is gone. */
@QueryHandler(ReceiptDownload)
export class ReceiptDownloadHandler extends PortalQueryHandler<ReceiptDownload> {
  constructor(
    private readonly receipts: ReceiptQueries,
    private readonly staff: StaffQueries,
    private readonly storage: FileStorage,
  ) {
    super();
  }

  protected async handle({ person, receiptId }: ReceiptDownload): Promise<ReceiptFile> {
    const receipt = await this.receipts.get(receiptId);
    if (!receipt) throw DomainError.notFound(msg.notFound);
    if (!(await this.staff.canSee(person, receipt.employeeId))) throw DomainError.forbidden(msg.forbidden);
    if (!(await this.storage.exists(receipt.storageKey))) throw DomainError.notFound(msg.missingFile);
    return { storageKey: receipt.storageKey, fileName: receipt.fileName, size: receipt.size };
  }
}
