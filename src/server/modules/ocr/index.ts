/**
 * OCR providers. `createOcrProvider()` picks one by OCR_PROVIDER (default 'local': tesseract.js,
 * offline). To plug a cloud OCR service, implement `OcrProvider` (see provider.ts) and register it
 * with `registerOcrProvider('name', factory)`, then set OCR_PROVIDER=name.
 */
import type { LocalOcrOptions } from './local-provider';
import type { IdCardOcrResult, LicenseOcrResult, OcrProvider } from './provider';

export type { IdCardOcrResult, LicenseOcrResult, OcrProvider } from './provider';
export { ID_CARD_NOT_RECOGNISED, LICENSE_NOT_RECOGNISED, IMAGE_UNREADABLE } from './provider';
export { lookupDivision, divisionText, type Division } from './divisions';

export type OcrProviderFactory = (options?: LocalOcrOptions) => OcrProvider;

/**
 * The local provider, loaded on its first use: tesseract.js and sharp cost tens of MB of memory, and most servers
 * never read an ID card between two restarts.
 */
class LazyLocalOcrProvider implements OcrProvider {
  readonly name = 'local';
  private inner: Promise<OcrProvider> | undefined;
  constructor(private readonly options?: LocalOcrOptions) {}
  private provider(): Promise<OcrProvider> {
    this.inner ??= import('./local-provider').then((m) => new m.LocalOcrProvider(this.options));
    return this.inner;
  }
  async idCard(image: Buffer): Promise<IdCardOcrResult> {
    return (await this.provider()).idCard(image);
  }
  async businessLicense(image: Buffer): Promise<LicenseOcrResult> {
    return (await this.provider()).businessLicense(image);
  }
  async close(): Promise<void> {
    if (this.inner) await (await this.inner).close?.();
  }
}

const factories = new Map<string, OcrProviderFactory>([['local', (options) => new LazyLocalOcrProvider(options)]]);

/** Makes another provider selectable by OCR_PROVIDER (e.g. a cloud service). */
export function registerOcrProvider(name: string, factory: OcrProviderFactory): void {
  factories.set(name, factory);
}

const created = new Set<OcrProvider>();

/** A provider by name; throws for an unknown name so a typo in OCR_PROVIDER fails at start-up. */
export function createOcrProvider(
  name: string = process.env.OCR_PROVIDER ?? 'local',
  options?: LocalOcrOptions,
): OcrProvider {
  const factory = factories.get(name);
  if (!factory) throw new Error(`Unknown OCR_PROVIDER "${name}" (known: ${[...factories.keys()].join(', ')})`);
  const provider = factory(options);
  created.add(provider);
  return provider;
}

/** Closes every provider this module created (terminates tesseract workers): call on server or test shutdown. */
export async function close(): Promise<void> {
  const all = [...created];
  created.clear();
  await Promise.all(all.map((p) => p.close?.()));
}
