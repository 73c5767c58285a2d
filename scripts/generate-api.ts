import { writeFileSync } from 'node:fs';
import { endpoints } from '@pinboard/shared/api';
import { renderRouteTable, ROUTE_TABLE_FILE } from '@pinboard/shared/api/route-table';

writeFileSync(new URL(`../${ROUTE_TABLE_FILE}`, import.meta.url), renderRouteTable(endpoints));
console.log(`wrote ${ROUTE_TABLE_FILE}`);
