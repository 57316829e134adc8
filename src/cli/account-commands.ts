import { Option, type Command } from 'commander';
import { PLAN_CODES } from '../billing/plans/catalogue.js';
import { checkPlanCode } from '../billing/terms/service.js';
import { PERMISSIONS, ROLES, type Role } from '../identity/account-service.js';
import { createIdentity } from '../identity/identity.js';
import { checkPassword } from '../identity/passwords/policy.js';
import { makeDemoAgency, secretHandover } from './demo-agency.js';
import { localBaseUrl } from './local-url.js';
import { readNewPassword, type PasswordOptions } from './password-input.js';
import { asContractSpells } from './json-case.js';
import { print, reportFailure, withPlatform, type OutputOptions } from './run-command.js';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerAccountCommands(program: Command): void {
  const agency = program.command('agency').description('manage agencies');
  agency
    .command('create')
    .description('create an agency')
    .requiredOption('--name <name>', 'agency name')
    .option('--plan <code>', `plan code (${PLAN_CODES.join(', ')})`)
    .option('--force', 'accept a plan code that is not in the catalogue')
    .option('--iata <number>', 'IATA/BSP accreditation number')
    .option('--live', 'allow live keys from the portal at once')
    .option('--unverified', 'create it unverified (portal key creation is refused until verified)')
    .option('--json', 'print one JSON object')
    .action(
      (
        opts: OutputOptions & {
          name: string;
          plan?: string;
          force?: boolean;
          iata?: string;
          live?: boolean;
          unverified?: boolean;
        },
      ) =>
        withPlatform(opts, async (platform) => {
          // Like `agency set`: a plan outside the catalogue only with --force (docs/plans.md).
          if (opts.plan !== undefined) checkPlanCode(opts.plan, opts.force === true);
          const created = await createIdentity(platform).createAgency({
            name: opts.name,
            planCode: opts.plan ?? null,
            iataNumber: opts.iata ?? null,
            live: opts.live ?? false,
            verified: !opts.unverified,
          });
          print(opts, { ...created }, `agency ${created.id} created (${created.name})`);
        }),
    );

  program
    .command('user')
    .description('manage users')
    .command('create')
    .description('create a user; without --agency, a platform operator, who enrols a second factor before using admin paths')
    .option('--agency <id>', 'agency the user belongs to')
    .requiredOption('--email <email>', 'e-mail address')
    .option(
      '--password-stdin',
      'read the password (at least 12 characters, not a common, repeated or sequential one) from stdin; without it, asked for twice on a terminal',
    )
    .addOption(new Option('--password <password>').hideHelp())
    .option(`--role <${ROLES.join('|')}>`, 'role inside the agency', 'developer')
    .option('--permission <permission>', `platform permission, repeatable: ${PERMISSIONS.join(', ')}`, collect, [])
    .option('--json', 'print one JSON object')
    .action(
      async (opts: OutputOptions & PasswordOptions & { agency?: string; email: string; role: string; permission: string[] }) => {
        let password: string;
        try {
          password = await readNewPassword(opts);
          // The portal's whole policy, before storage is opened: an operator's user is no weaker than a signed-up one.
          checkPassword(password, { email: opts.email });
        } catch (err) {
          return reportFailure(opts, err);
        }
        return withPlatform(
          opts,
          async (platform) => {
            const user = await createIdentity(platform).createUser({
              agencyId: opts.agency ?? null,
              email: opts.email,
              password,
              role: opts.role as Role,
              permissions: opts.permission,
            });
            const { password_hash: _hidden, ...shown } = user;
            print(opts, shown, `user ${user.id} created (${user.email}, ${user.role})`);
          },
          { input: password },
        );
      },
    );

  program
    .command('demo')
    .description('create a demo agency with a test key, printed once')
    .option('--json', 'print one JSON object')
    .action((opts: OutputOptions) =>
      withPlatform(opts, async (platform) => {
        const { agency, key, secret } = await makeDemoAgency(platform);
        // Two records, each in its own case: the agency as stored (snake_case), the key as the
        // contract's key record (camelCase), with its secret.
        print(
          opts,
          { agency, key: asContractSpells({ ...key, secret }) },
          [
            `agency ${agency.id} (${agency.name})`,
            `test key ${key.id}; its secret is shown only now:`,
            ...secretHandover(secret, localBaseUrl(platform.config)),
          ].join('\n'),
        );
      }),
    );
}
