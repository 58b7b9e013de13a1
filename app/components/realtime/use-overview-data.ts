// The live gauges: the latest overview-data event (null until one arrives).
import { useEffect, useState } from "react";
import { SERVER_EVENTS, type OverviewDataPayload as OverviewData } from "../../realtime/events";
import { useSocket } from "./socket-context";

export function useOverviewData(): OverviewData | null {
  const socket = useSocket();
  const [data, setData] = useState<OverviewData | null>(null);
  useEffect(() => {
    if (!socket) return;
    const onData = (payload: OverviewData) => setData(payload);
    socket.on(SERVER_EVENTS.overviewData, onData);
    return () => {
      socket.off(SERVER_EVENTS.overviewData, onData);
    };
  }, [socket]);
  return data;
}
