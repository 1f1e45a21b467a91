#!/bin/sh
# Takes one instance out of nginx's upstream before it restarts, and puts it
# back once it is ready (docs/upgrade-and-rollback.md):
#
#   upstream.sh down 3001
#   systemctl restart volta@3001   # then wait for its /readyz
#   upstream.sh up 3001
#
# It marks the instance's `server` line `down` (or removes the mark), has
# nginx load the file, and returns once nginx's new workers run and its old
# ones have finished, so no new connection reaches an instance marked down.
# The instance's own drain (SHUTDOWN_DELAY_SECONDS) cannot close the last
# window: a connection the kernel completes just before the listener closes
# is reset, and nginx does not resend a sign-in.
#
# NGINX_SITE and NGINX_PID_FILE name the site file and nginx's pid file when
# they are not Debian's (the topology test runs this script on its own nginx).
set -eu

site=${NGINX_SITE:-/etc/nginx/sites-available/volta-meridian.conf}
pidfile=${NGINX_PID_FILE:-/run/nginx.pid}
usage="usage: $0 down|up <port>"

[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
state=$1
port=$2
case $port in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
case $state in down | up) ;; *) echo "$usage" >&2; exit 2 ;; esac

line="^[[:space:]]*server 127\.0\.0\.1:$port "
grep -q "$line" "$site" || { echo "$site has no upstream line for 127.0.0.1:$port" >&2; exit 1; }
master=$(cat "$pidfile")

cp "$site" "$site.before-$state"
if [ "$state" = down ]; then
  sed -i --follow-symlinks "/$line/{s/ down;\$/;/;s/;\$/ down;/}" "$site"
else
  sed -i --follow-symlinks "/$line/s/ down;\$/;/" "$site"
fi

workers() { pgrep -P "$master" | tr '\n' ' '; }
old=" $(workers)"
# A valid file gets new workers; with an invalid one nginx keeps the old ones.
reloaded() {
  for pid in $(workers); do
    case "$old " in *" $pid "*) ;; *) return 0 ;; esac
  done
  return 1
}
kill -HUP "$master"

tries=0
until reloaded; do
  tries=$((tries + 1))
  if [ $tries -ge 100 ]; then
    cat "$site.before-$state" >"$site" && rm -f "$site.before-$state"
    echo "nginx did not load $site (see nginx -t); it is left as it was" >&2
    exit 1
  fi
  sleep 0.1
done
rm -f "$site.before-$state"

# The old workers finish the requests they hold, then exit. A long one (a
# desk's event stream) can keep one alive; it opens no new connection, so
# after 20 s the wait ends anyway.
tries=0
while [ $tries -lt 200 ]; do
  left=0
  for pid in $old; do kill -0 "$pid" 2>/dev/null && left=1; done
  [ $left -eq 0 ] && exit 0
  tries=$((tries + 1))
  sleep 0.1
done
echo "nginx's old workers still hold long requests; going on" >&2
