import { signNotification } from '../../src/testsystem/ndc/notify/notification-sender.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';
import type { TestPlatformOptions } from '../helpers/test-platform.js';

export interface AirlineChangesFixture extends OrderFixture {
  /** The gateway's own notification endpoint, as the AA test system posts to it. */
  notifyUrl: string;
  /** AA's booking behind a gateway order, as the test system's control shows it. */
  airline(
    airlineOrderId: string,
  ): Promise<{ status: string; version?: number; flights: { key: string; dep: string; arr: string }[] }>;
  /** POST /control/schedule-changes on the test system. */
  scheduleChange(body: Record<string, unknown>): Promise<{
    orders: { orderId: string; notification: { delivered: boolean; status: number | null } | null }[];
  }>;
  /** A paid order (tickets at once) of one adult on a non-stop `days` ahead. */
  paidOrder(origin: string, destination: string, days: number): Promise<{ order_id: string; airline_order_id: string }>;
  /** POST an XML body to the gateway's notification endpoint, signed with `secret` (default the gateway's; null: unsigned). */
  postNotification(xml: string, secret?: string | null, headers?: Record<string, string>): Promise<Response>;
}

/** The gateway listening on loopback (so the test system can reach it) and the AA test system told where it is. */
export async function airlineChangesFixture(options: TestPlatformOptions = {}): Promise<AirlineChangesFixture> {
  const f = await orderFixture(options);
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const address = f.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const notifyUrl = `http://127.0.0.1:${port}/v1/airlines/aa/notifications`;
  await f.control('POST', '/control/notifications', { url: notifyUrl });
  return {
    ...f,
    notifyUrl,
    async airline(id) {
      return (await (await fetch(`${f.aa.url}/control/orders/${id}`)).json()) as Awaited<
        ReturnType<AirlineChangesFixture['airline']>
      >;
    },
    async scheduleChange(body) {
      const res = await fetch(`${f.aa.url}/control/schedule-changes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (res.status !== 200) throw new Error(`schedule change ${res.status}: ${JSON.stringify(json)}`);
      return json as Awaited<ReturnType<AirlineChangesFixture['scheduleChange']>>;
    },
    async paidOrder(origin, destination, days) {
      const offer = await f.offer(origin, destination, /MAIN$/, days);
      const res = await f.call('POST', '/v1/orders', {
        offer_id: offer.offer_id,
        passengers: [PASSENGER],
        payment: { type: 'agency_account' },
      });
      if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    postNotification(xml, secret = f.platform.config.sources.AA!.signing!.secret, headers = {}) {
      return fetch(notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/xml',
          ...(secret ? { 'x-airline-signature': signNotification(secret, xml, Date.now()) } : {}),
          ...headers,
        },
        body: xml,
      });
    },
  };
}

const MESSAGE_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
const COMMON_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

/** The smallest schema-valid OrderChangeNotifRQ naming one AA order (a time change). */
export function minimalNotification(airlineOrderId: string, version = 2): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><IATA_OrderChangeNotifRQ xmlns="${MESSAGE_NS}">` +
    `<DistributionChain><DistributionChainLink xmlns="${COMMON_NS}"><Ordinal>1</Ordinal><OrgRole>Carrier</OrgRole>` +
    `<ParticipatingOrg><OrgID>AA</OrgID></ParticipatingOrg></DistributionChainLink></DistributionChain>` +
    `<Notification><ChangeGroup xmlns="${COMMON_NS}"><ChangeOperationGroup><ChangeOperation>` +
    `<ChangeDateTime>2026-11-20T10:00:00Z</ChangeDateTime><ChangeTypeCode>2</ChangeTypeCode>` +
    `<New><Order><OrderID>${airlineOrderId}</OrderID></Order></New><ReasonCode>100</ReasonCode>` +
    `</ChangeOperation><OrderVersionNumber>${version}</OrderVersionNumber></ChangeOperationGroup></ChangeGroup></Notification>` +
    `</IATA_OrderChangeNotifRQ>`
  );
}
