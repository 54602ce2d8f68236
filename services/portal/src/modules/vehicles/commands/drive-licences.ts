import { Injectable } from '@nestjs/common';
import { PersonalDataCipher, isSealed } from '../../../platform/crypto/personal-data-cipher';
import { vehicleSubject } from '../domain/vehicle-fleet';

/** What a change stores as the licence, and what it records as its before (always sealed). */
export interface LicenceChange {
  readonly stored: string | null;
  readonly before: string | null;
}

/**
 * The vehicle's licence number sealed with the vehicle's own key (issue 9: sensitive, never in the
 * clear in events or read models). Plain text is compared in the handler, never in an event.
 */
@Injectable()
export class DriveLicences {
  constructor(private readonly cipher: PersonalDataCipher) {}

  /** A new vehicle's licence, sealed for the id it is expected to get (null: none). */
  async forNew(vehicleId: number, typed: string | null | undefined): Promise<string | null> {
    if (typed === undefined || typed === null) return null;
    return (await this.cipher.session(vehicleSubject(vehicleId), true)).seal(typed);
  }

  /**
   * A change: `typed` undefined keeps the stored value, null clears it, text replaces it. The
   * same plain text again keeps the stored ciphertext (so nothing is recorded).
   */
  async forChange(
    vehicleId: number,
    stored: string | null,
    typed: string | null | undefined,
  ): Promise<LicenceChange> {
    if (typed === undefined) return { stored, before: stored };
    const vehicle = await this.cipher.session(vehicleSubject(vehicleId), true);
    if (vehicle.open(stored) === typed) return { stored, before: stored };
    return {
      stored: typed === null ? null : vehicle.seal(typed),
      before: stored === null || isSealed(stored) ? stored : vehicle.seal(stored),
    };
  }

  /** The plain licence number of a stored value (null: none, or its key was erased). */
  async open(vehicleId: number, stored: string | null): Promise<string | null> {
    if (stored === null) return null;
    return (await this.cipher.session(vehicleSubject(vehicleId), false)).open(stored);
  }
}
