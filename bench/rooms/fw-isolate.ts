/** The bench chat on fw's in-memory RoomManager: one isolate only (what a worker without durableRooms gives). */
import { Fw, RoomManager } from 'fw';
import { worker } from 'fw/worker';

const rooms = new RoomManager({ instanceId: 'isolate' });
const app = new Fw().ws('/chat/:room', {
  async open(ws) {
    await rooms.join(ws, ws.params.room);
    ws.send('joined');
  },
  message: (ws, msg) => rooms.broadcast(ws.params.room, msg, { except: ws }),
});
rooms.attach(app);

export default worker(app);
