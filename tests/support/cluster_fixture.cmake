# The test run's PostgreSQL: "start" throws away whatever an earlier run left and starts a fresh cluster (fsync off);
# "stop" stops it. Run as `cmake -DHOOKYARD=... -DDATA_DIR=... -DACTION=start|stop -P cluster_fixture.cmake`.
execute_process(COMMAND ${HOOKYARD} sandbox stop --data-dir ${DATA_DIR} RESULT_VARIABLE stop_result)
if(ACTION STREQUAL "start")
  file(REMOVE_RECURSE ${DATA_DIR})
  execute_process(COMMAND ${HOOKYARD} sandbox start --fast-unsafe --data-dir ${DATA_DIR} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "could not start the test cluster in ${DATA_DIR}")
  endif()
elseif(NOT stop_result EQUAL 0)
  message(FATAL_ERROR "could not stop the test cluster in ${DATA_DIR}")
endif()
