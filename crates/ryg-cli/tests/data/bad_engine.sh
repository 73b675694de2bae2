#!/bin/sh
# A UGI engine that misbehaves when asked to move, for `ryg match` tests.
# Usage: bad_engine.sh crash|hang|illegal|garbage|slow (slow: answers a legal move after 0.6 s)
mode="$1"
while read -r line; do
    case "$line" in
        ugi) echo "id name bad-$mode"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
        go*)
            case "$mode" in
                crash) exit 3 ;;
                hang) sleep 1000 ;;
                illegal) echo "bestmove a1a1" ;;
                garbage) echo "I am not a UGI engine" ;;
                slow) sleep 0.6; echo "bestmove e1d2" ;;
            esac ;;
    esac
done
