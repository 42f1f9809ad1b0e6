import type { ServerCapabilities } from '@mcpkit/protocol';
import type { ExtensionSet } from './extensions/extension-set.js';

/** A feature whose capability registrations imply. */
type ImpliedFeature = 'tools' | 'prompts' | 'resources' | 'completions';

/**
 * The capabilities a server advertises: what it declares, what its registrations imply (`tools`,
 * `prompts`, `resources` with `listChanged: true`, `completions` when a completer exists) and its
 * extensions. Computed on first use after a change.
 */
export class AdvertisedCapabilities {
  private readonly used = { tools: false, prompts: false, resources: false, completions: false };
  private advertised: ServerCapabilities | undefined;

  constructor(
    private readonly declared: ServerCapabilities,
    private readonly extensions: ExtensionSet,
  ) {}

  get current(): ServerCapabilities {
    this.advertised ??= this.compute();
    return this.advertised;
  }

  /** Records that registrations imply `feature`'s capability. */
  markUsed(feature: ImpliedFeature): void {
    if (this.used[feature]) return;
    this.used[feature] = true;
    this.advertised = undefined;
  }

  /** Something they depend on changed: computed again on next use. */
  changed(): void {
    this.advertised = undefined;
  }

  private compute(): ServerCapabilities {
    const declared = this.declared;
    const capabilities: ServerCapabilities = { ...declared };
    if (this.used.tools) capabilities.tools = declared.tools ?? { listChanged: true };
    if (this.used.prompts) capabilities.prompts = declared.prompts ?? { listChanged: true };
    if (this.used.resources) capabilities.resources = declared.resources ?? { listChanged: true };
    if (this.used.completions) capabilities.completions = declared.completions ?? {};
    return this.extensions.advertise(capabilities);
  }
}
