import { setCacheNameDetails } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { setUpImageCache } from './images.ts';
import { setUpPrecache } from './precache.ts';
import { createWorkerApi } from './api.ts';
import { setUpBackgroundRefresh } from './background-refresh.ts';
import { setUpOutbox } from './outbox.ts';
import { setUpShareTarget } from './share-target.ts';
import { setUpPush } from './push.ts';
import { setUpUpdateFlow } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// Every cache of the app is named quorum-…, so that nothing else on the origin is mistaken for one.
setCacheNameDetails({ prefix: 'quorum' });
setUpPrecache(self.__WB_MANIFEST);
setUpImageCache(self.location.origin);
setUpShareTarget(self);
setUpUpdateFlow(self);
const worker = createWorkerApi(self);
setUpPush(self, worker);
setUpOutbox(self, worker);
setUpBackgroundRefresh(self, worker);
