// The page's solver worker (its pool: worker-pool.js). Everything it does is in
// solver-handlers.js, one handler per message type of the protocol (protocol.js); this entry
// only connects them to the worker's scope.
import { listen } from './solver-handlers.js';

listen(self);
