import { test as base, type BrowserContext } from '@playwright/test';
import { productApi, type ProductApi } from './api';
import { hasChromium, NO_CHROMIUM_MESSAGE } from './chromium';
import { openFrenchPage, type NewPage } from './pages';
import { startProduct, type ProductOptions, type RunningProduct } from './product';
import { seedThrough, type Seed } from './seed';

/**
 * The products a worker runs: one per test file (and per set of options),
 * started by the file's first test and stopped when the worker moves on to
 * another file (or ends). The tests of a file share it and each seeds what it
 * needs; files do not, so that none sees another's accounts, files or counts.
 */
const keyOf = (file: string, options: ProductOptions): string => `${file} ${JSON.stringify(options)}`;

/** What a product's start may take on a busy machine, given to the test that starts it on top of its own time. */
const PRODUCT_START_MS = 120_000;

class ProductsOfWorker {
  private current: { key: string; product: RunningProduct } | undefined;

  /** Whether `productFor` answers at once (the product runs) or starts one. */
  isRunning(file: string, options: ProductOptions): boolean {
    return this.current?.key === keyOf(file, options);
  }

  async productFor(file: string, options: ProductOptions): Promise<RunningProduct> {
    const key = keyOf(file, options);
    if (this.current?.key === key) return this.current.product;
    await this.stop();
    this.current = { key, product: await startProduct(options) };
    return this.current.product;
  }

  async stop(): Promise<void> {
    const running = this.current;
    this.current = undefined;
    await running?.product.stop();
  }
}

interface WorkerFixtures {
  productsOfWorker: ProductsOfWorker;
}

interface TestFixtures {
  /**
   * How the product is started (`test.use({ productOptions: ... })`, in a file or a describe block): its
   * environment, its host name, a product of its own. Tests with other options get another product.
   */
  productOptions: ProductOptions;
  /** Skips every journey, with the reason, when Chromium is not installed. */
  chromiumPresent: void;
  /** The product of this test file: the built server as `npm start` runs it, a throw-away DATA_DIR, mails on disk. */
  product: RunningProduct;
  /** The product's API (calls, and sign-ins that pass the second factor). */
  api: ProductApi;
  /** Creates through the API what a journey starts from. */
  seed: Seed;
  /** A French page in a browser context of its own, closed after the test. */
  newPage: NewPage;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  productOptions: [{}, { option: true }],
  productsOfWorker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter's pattern.
    async ({}, use) => {
      const products = new ProductsOfWorker();
      await use(products);
      await products.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  chromiumPresent: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      testInfo.skip(!hasChromium, NO_CHROMIUM_MESSAGE);
      await use();
    },
    { auto: true },
  ],
  product: async ({ productsOfWorker, productOptions }, use, testInfo) => {
    if (!productsOfWorker.isRunning(testInfo.file, productOptions)) testInfo.setTimeout(testInfo.timeout + PRODUCT_START_MS);
    await use(await productsOfWorker.productFor(testInfo.file, productOptions));
  },
  api: async ({ product }, use) => {
    await use(productApi(product));
  },
  seed: async ({ api }, use) => {
    await use(seedThrough(api));
  },
  newPage: async ({ browser, product }, use) => {
    const contexts: BrowserContext[] = [];
    await use((options) => openFrenchPage(browser, product.url, contexts, options));
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';
