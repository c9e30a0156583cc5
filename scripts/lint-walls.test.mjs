import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The walls between the areas, the kernels and the kit (eslint.config.js), tried on the import a newcomer would
 * write: each refusal fails `npm run lint`, and the imports the layout allows pass.
 */
let eslint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function restrictions(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const refused = [
  ['a screen importing the shell', 'src/areas/role/screens/New.tsx', "import { useShellTab } from '../../../renderer/app/home/HomeShell';\nexport const x = useShellTab;\n", /never imports the shell/],
  ['a screen importing its own server', 'src/areas/role/screens/New.tsx', "import { roleHandlers } from '../server';\nexport const x = roleHandlers;\n", /only through the bridge/],
  [
    "a screen importing another area's screen",
    'src/areas/resource/screens/New.tsx',
    "import RoleForm from '../../role/screens/RoleForm';\nexport const x = RoleForm;\n",
    /only through that area's contract or its public index/,
  ],
  ['a kit file importing a screen', 'src/renderer/components/New.tsx', "import RoleList from '../../areas/role/screens/RoleList';\nexport const x = RoleList;\n", /never imports an area's screens/],
  ['a kit file importing the shell', 'src/renderer/components/list/New.ts', "import { AREAS } from '../../app/areas';\nexport const x = AREAS;\n", /never imports the shell/],
  [
    "the server kernel importing an area's internals",
    'src/server/auth/new.ts',
    "import { listRoles } from '../../areas/role/server/roles';\nexport const x = listRoles;\n",
    /only through the handler registry/,
  ],
  [
    "the server kernel importing an area's server index",
    'src/server/platform/session/new.ts',
    "import { noticeHandlers } from '../../../areas/notice/server';\nexport const x = noticeHandlers;\n",
    /only through the handler registry/,
  ],
  [
    "an area's server importing another area's internals",
    'src/areas/resource/server/new.ts',
    "import { listRoles } from '../../role/server/roles';\nexport const x = listRoles;\n",
    /only through that area's contract or its public index/,
  ],
  [
    "the table registry importing an area's handlers",
    'src/server/db/tables.ts',
    "import { noticeHandlers } from '../../areas/notice/server';\nexport const x = noticeHandlers;\n",
    /takes only each area's tables/,
  ],
  ["a contract importing its area's server", 'src/areas/role/contract.ts', "import { roleHandlers } from './server';\nexport const x = roleHandlers;\n", /imports only src\/shared/],
  ['a contract importing the server kernel', 'src/areas/role/contract.ts', "import { Errors } from '../../server/errors';\nexport const x = Errors;\n", /imports only src\/shared/],
  ["a catalogue importing its area's screens", 'src/areas/role/catalogue.ts', "import { roleScreens } from './screens';\nexport const x = roleScreens;\n", /imports only src\/shared/],
  [
    "src/shared importing an area's server",
    'src/shared/new.ts',
    "import { roleHandlers } from '../areas/role/server';\nexport const x = roleHandlers;\n",
    /only through its contract or its catalogue/,
  ],
];

const allowed = [
  ["the table registry importing an area's tables", 'src/server/db/tables.ts', "export * from '../../areas/notice/server/schema';\n"],
  [
    'a screen importing the kit, shared and contracts',
    'src/areas/role/screens/New.tsx',
    "import { useIdentity } from '../../../renderer/components/screen/identity';\nimport { Route } from '../../../shared/routes';\nimport { roleForm } from '../contract';\nimport { deptList } from '../../department/contract';\nexport const x = [useIdentity, Route, roleForm, deptList];\n",
  ],
  ["a screen importing another area's public index", 'src/areas/information/screens/New.tsx', "import { useInfoSystems } from '../../info-category/screens';\nexport const x = useInfoSystems;\n"],
  [
    "an area's server importing the kernel and another area's public index",
    'src/areas/information/server/new.ts',
    "import { Errors } from '../../../server/errors';\nimport { usableSystemKey } from '../../system-api-key/server';\nexport const x = [Errors, usableSystemKey];\n",
  ],
  [
    "src/shared's registries importing an area's contract and catalogue",
    'src/shared/new.ts',
    "import { role } from '../areas/role/contract';\nimport { roleCatalogue } from '../areas/role/catalogue';\nexport const x = [role, roleCatalogue];\n",
  ],
  ['a contract importing its own catalogue', 'src/areas/role/contract.ts', "import { roleCatalogue } from './catalogue';\nexport const x = roleCatalogue;\n"],
  ['the handler registry importing the areas', 'src/server/registry.ts', "import { roleHandlers } from '../areas/role/server';\nexport const x = roleHandlers;\n"],
  [
    "a contract importing shared and another area's contract",
    'src/areas/role/contract.ts',
    "import { z } from 'zod';\nimport { endpoint } from '../../shared/contract/endpoint';\nimport { menuTreeNode } from '../menu/contract';\nexport const x = [z, endpoint, menuTreeNode];\n",
  ],
];

describe('lint walls', () => {
  it.each(refused)('refuses %s', async (_name, filePath, code, message) => {
    const found = await restrictions(filePath, code);
    expect(found.length, found.join('\n')).toBe(1);
    expect(found[0]).toMatch(message);
  });

  it.each(allowed)('allows %s', async (_name, filePath, code) => {
    expect(await restrictions(filePath, code)).toEqual([]);
  });
});
