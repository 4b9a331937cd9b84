/** The bench chat on fw durableRooms: every socket held by the FwRoom object of its room. */
import { Fw } from 'fw';
import { FwRoom, durableRooms, worker, type RoomsNamespace } from 'fw/worker';

type Env = { ROOMS: RoomsNamespace };
const rooms = durableRooms<unknown, Env>({ namespace: (env) => env.ROOMS });
const app = new Fw().ws('/chat/:room', {
  async open(ws) {
    await rooms.join(ws, ws.params.room);
    ws.send('joined');
  },
  message: (ws, msg) => rooms.broadcast(ws.params.room, msg, { except: ws }),
});

export default worker<Env>(app, { rooms });
export { FwRoom };
