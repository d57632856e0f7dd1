import { resolve } from 'node:path';
import { resolveDatasetFile } from '../dataset-path.js';
import type { FieldIssue } from '../field-issue.js';

/** Extensions tried, in order, for an `image_id` that has none. */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;
const HAS_IMAGE_EXTENSION = /\.(png|jpe?g|webp|gif|bmp)$/i;

/**
 * Where baby-agi screenshots are: `<dataset root>/images/<image_id>[.png|.jpg|.jpeg|.webp]` by
 * default. An image path must stay inside the dataset root; with an explicit `imagesDir` (the
 * user's choice, relative to the dataset root or absolute) it must stay inside that folder.
 */
export class ImageFinder {
  readonly dir: string;
  private readonly root: string;

  constructor(datasetRoot: string, imagesDir?: string) {
    this.dir = resolve(datasetRoot, imagesDir ?? 'images');
    this.root = imagesDir === undefined ? datasetRoot : this.dir;
  }

  /** The screenshot of `imageId`, or the issue (under `field`) saying why there is none. */
  find(imageId: string, field: string): { path?: string; issue?: FieldIssue } {
    const names = HAS_IMAGE_EXTENSION.test(imageId) ? [imageId] : [...IMAGE_EXTENSIONS.map((ext) => imageId + ext), imageId];
    for (const name of names) {
      const file = resolveDatasetFile(name, this.dir, this.root);
      if (!file.inside) return { issue: { field, message: `refused: ${file.reason}`, severity: 'error' } };
      if (file.exists) return { path: file.path };
    }
    const tried = names.length === 1 ? JSON.stringify(names[0]) : `${JSON.stringify(names[0])} (or ${IMAGE_EXTENSIONS.slice(1).join(', ')}, no extension)`;
    return { issue: { field, message: `screenshot dropped: no ${tried} in ${this.dir}`, severity: 'warning' } };
  }
}
