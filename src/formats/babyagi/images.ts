import { resolve } from 'node:path';
import { resolveDatasetFile } from '../dataset-path.js';
import type { FieldIssue } from '../field-issue.js';

/** Extensions tried, in order, for an `image_id` that has none. */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;
const HAS_IMAGE_EXTENSION = /\.(png|jpe?g|webp|gif|bmp)$/i;

/**
 * Where baby-agi screenshots are: `images/<image_id>[.png|.jpg|.jpeg|.webp]` next to the metadata
 * file by default, or in `imagesDir` (`--images`). The folder the user names is taken as given —
 * it may lie outside the dataset folder (baby-agi keeps `data/metadata_*.json` and its images
 * apart); confinement is for paths that come from dataset files: an `image_id` must stay inside
 * the images folder it is looked up in, and the default folder inside the dataset root (else no
 * screenshot is read and `refused` says why, once).
 */
export class ImageFinder {
  readonly dir: string;
  private readonly root: string;
  /** Why no image is read at all (a default images folder that leads out of the dataset root). */
  readonly refused: string | undefined;

  constructor(datasetRoot: string, imagesDir?: string, metadataDir?: string) {
    this.dir = imagesDir !== undefined ? resolve(datasetRoot, imagesDir) : resolve(metadataDir ?? datasetRoot, 'images');
    this.root = imagesDir === undefined ? datasetRoot : this.dir;
    const where = imagesDir === undefined ? resolveDatasetFile(this.dir, datasetRoot, datasetRoot) : undefined;
    this.refused =
      where === undefined || where.inside
        ? undefined
        : `the images folder ${this.dir} is outside the dataset folder ${resolve(datasetRoot)}: no screenshot is read`;
  }

  /** The screenshot of `imageId`, or the issue (under `field`) saying why there is none. */
  find(imageId: string, field: string): { path?: string; issue?: FieldIssue } {
    if (this.refused !== undefined) return {}; // said once for the whole file, not per step
    const names = HAS_IMAGE_EXTENSION.test(imageId) ? [imageId] : [...IMAGE_EXTENSIONS.map((ext) => imageId + ext), imageId];
    for (const name of names) {
      const file = resolveDatasetFile(name, this.dir, this.root);
      if (!file.inside) return { issue: { field, message: `refused: ${file.reason}`, severity: 'error' } };
      if (file.exists) return { path: file.path };
    }
    const tried =
      names.length === 1
        ? JSON.stringify(names[0])
        : `${JSON.stringify(names[0])} (or ${IMAGE_EXTENSIONS.slice(1).join(', ')}, no extension)`;
    return { issue: { field, message: `screenshot dropped: no ${tried} in ${this.dir}`, severity: 'warning' } };
  }
}
