/**
 * What a release build needs from the environment: electron-builder reads the certificates and the notarisation
 * account from these variables, and a release must never come out unsigned.
 */

const set = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';
const all = (env, names) => names.every((name) => set(env, name));

/** The ways to notarise that electron-builder's mac.notarize accepts, each a set of variables. */
const NOTARY_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];

/**
 * The sentences naming what is missing for a signed release for `platform` ('win' or 'mac'); empty when complete.
 * @param {'win' | 'mac'} platform
 * @param {Record<string, string | undefined>} env
 */
export function releaseProblems(platform, env) {
  const problems = [];
  if (platform === 'win') {
    if (!(all(env, ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']) || all(env, ['CSC_LINK', 'CSC_KEY_PASSWORD']))) {
      problems.push('Windows code signing: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD (or CSC_LINK and CSC_KEY_PASSWORD) to the .pfx certificate and its password');
    }
  } else if (platform === 'mac') {
    if (!(all(env, ['CSC_LINK', 'CSC_KEY_PASSWORD']) || set(env, 'CSC_NAME'))) {
      problems.push('macOS code signing: set CSC_LINK and CSC_KEY_PASSWORD to the "Developer ID Application" .p12 (or CSC_NAME to its name in the keychain)');
    }
    if (!all(env, ['CSC_INSTALLER_LINK', 'CSC_INSTALLER_KEY_PASSWORD'])) {
      problems.push('macOS pkg signing: set CSC_INSTALLER_LINK and CSC_INSTALLER_KEY_PASSWORD to the "Developer ID Installer" .p12 and its password');
    }
    if (!NOTARY_CREDENTIALS.some((names) => all(env, names))) {
      problems.push(`macOS notarisation: set ${NOTARY_CREDENTIALS.map((names) => names.join(', ')).join(' or ')}`);
    }
  } else {
    problems.push(`release for "${platform}": the release platforms are win and mac`);
  }
  return problems;
}
