# echo_mq · EchoMQ.Jobs
# extend_locks/4: many held leases, one script, one clock read.
def extend_locks(conn, queue, held, lease_ms)
    when is_list(held) and is_integer(lease_ms) and lease_ms > 0 do
  # the key builder is the gate: a malformed id raises here,
  # before any key is built or anything is sent
  Enum.each(held, fn {id, _token} -> Keyspace.job_key(queue, id) end)

  # a pair fills two ARGV slots; the token travels as decimal text
  pairs =
    Enum.flat_map(held, fn {id, token} -> [id, Integer.to_string(token)] end)

  # the lease takes ARGV[1], so the first pair lands at ARGV[2]
  argv = [Integer.to_string(lease_ms) | pairs]

  # KEYS[1] is the active set; KEYS[2] is the queue base, the one
  # declared root the script derives every job row key from
  keys = [Keyspace.queue_key(queue, "active"), Keyspace.queue_key(queue, "")]

  case Connector.eval(conn, @extend_locks2, keys, argv) do
    # the reply lists the ids whose lease was not extended
    {:ok, failed} when is_list(failed) -> {:ok, failed}
    other -> other
  end
end
