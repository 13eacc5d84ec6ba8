import type { PrecacheEntry } from 'workbox-precaching';
import { setUpImageCache } from './images.ts';
import { setUpPrecache } from './precache.ts';
import { setUpUpdateFlow } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

setUpPrecache(self.__WB_MANIFEST);
setUpImageCache(self.location.origin);
setUpUpdateFlow(self);
