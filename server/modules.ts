/**
 * The service modules this server composes, in mount order. Each owns its routes, migrations
 * and its own database file under DATA_DIR.
 */

import { archiveModule } from "./archive/index.js";
import type { ServiceModule } from "./core/module.js";
import { directoryModule } from "./directory/index.js";
import { waittimesModule } from "./waittimes/index.js";

export const allModules: ServiceModule[] = [archiveModule, directoryModule, waittimesModule];
